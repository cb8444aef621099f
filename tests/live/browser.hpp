// Headless Chromium driven over its DevTools protocol (a WebSocket, Boost.Beast): the page is
// opened once and the test asks it, again and again while it runs, what its DOM shows.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/background.hpp"

namespace live_test {

class Browser {
  public:
    // Starts Chromium on a blank page with a fresh profile in `folder`; throws if it cannot.
    // (Started before what it will watch: it takes seconds to start on a busy machine.)
    explicit Browser(const std::filesystem::path& folder);
    ~Browser();
    // The value of a JavaScript expression in the page (a string: JSON.stringify inside).
    std::string eval(const std::string& expression);
    void open(const std::string& url);  // navigates the page there

  private:
    struct Socket;
    std::unique_ptr<referee::test::Background> process_;
    std::unique_ptr<Socket> socket_;
    nlohmann::json call(const std::string& method, const nlohmann::json& params);
    int next_id_ = 1;
};

}  // namespace live_test
