// Fuzz target: the live page's request reader and router. The first byte cuts the rest into
// pieces as a network would deliver them; whatever arrives, the reader ends Complete, Bad or
// still Incomplete within its bound, and a complete head's target routes to a page path or
// to nothing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "referee/live/request.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t piece = 1 + data[0] % 64;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    referee::live::RequestReader reader;
    using Status = referee::live::RequestReader::Status;
    Status status = Status::Incomplete;
    for (std::size_t at = 0; at < text.size() && status == Status::Incomplete; at += piece)
        status = reader.feed(text.substr(at, piece));
    if (status == Status::Complete) {
        const std::string target = reader.target();
        const auto r = referee::live::route(target);
        if (r.kind == referee::live::Route::Kind::Game && r.game <= 0) __builtin_trap();
        (void)reader.is_get();
        (void)referee::live::is_loopback_host(reader.host());
    }
    return 0;
}
