#include "referee/engine/process/scratch_dir.hpp"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace referee::engine {

ScratchDir::ScratchDir(const std::string& prefix, const std::string& parent) {
    namespace fs = std::filesystem;
    const fs::path base = parent.empty() ? fs::temp_directory_path() : fs::path(parent);
    // mkdtemp creates the folder 0700 under a name nobody could have predicted, so another
    // program cannot have planted a symlink there beforehand.
    std::string pattern = (base / (prefix + "XXXXXX")).string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) == nullptr)
        throw std::runtime_error("cannot create a scratch folder " + pattern + ": " +
                                 std::strerror(errno));
    path_ = buffer.data();
}

ScratchDir::~ScratchDir() {
    remove();
}

void ScratchDir::remove() noexcept {
    if (path_.empty()) return;
    std::error_code ec;
    // remove_all does not follow symlinks: a link an engine planted inside is removed, not
    // its target.
    std::filesystem::remove_all(path_, ec);
    path_.clear();
}

}  // namespace referee::engine
