// A scratch folder for one test, removed with everything in it when the test ends. Named
// after the process and the running test, so parallel ctest runs never share one.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace referee::test {

class TempDir {
  public:
    explicit TempDir(const std::string& tag = "") {
        static std::atomic<int> counter{0};
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name =
            info ? std::string(info->test_suite_name()) + "." + info->name() : "no-test";
        for (auto& c : name)
            if (c == '/') c = '_';
        path_ = std::filesystem::temp_directory_path() /
                ("referee-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
                 "-" + name + (tag.empty() ? "" : "-" + tag));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

}  // namespace referee::test
