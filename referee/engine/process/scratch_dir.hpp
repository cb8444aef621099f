// A private temporary folder with one owner: created (mode 0700) under the system's temporary
// folder by the constructor, removed with everything in it by the destructor. Every place
// that needs a scratch folder (engine working folders, Fairy-Stockfish ini files, validate)
// uses this, so none is left behind on any path out, exceptions included.
#pragma once

#include <string>

namespace referee::engine {

class ScratchDir {
  public:
    // prefix: the folder's name starts with it ("referee-engine-"); parent: empty for the
    // system's temporary folder. Throws std::runtime_error naming the folder on failure.
    explicit ScratchDir(const std::string& prefix, const std::string& parent = {});
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::string& path() const { return path_; }
    // Removes the folder now (the destructor then does nothing); never throws.
    void remove() noexcept;

  private:
    std::string path_;
};

}  // namespace referee::engine
