#include "referee/live/run_live.hpp"

namespace referee::live {

RunLive::RunLive(boost::asio::io_context& io, LiveInfo info, rules::Rules rules,
                 const std::map<int, match::GameRecord>& earlier, const RunLiveOptions& options)
    : state_(std::move(info), std::move(rules)) {
    // A resumed run's journal order is not kept in `earlier`: they are listed by slot.
    state_.add_earlier({earlier.begin(), earlier.end()});
    if (!options.address.empty()) {
        const auto [host, port] = parse_live_address(options.address);
        server_ = std::make_unique<LiveServer>(io, host, port, state_);
    }
    if (!options.file.empty())
        file_ =
            std::make_unique<LiveFile>(io, state_, options.folder, options.file, options.variant);
}

void RunLive::changed() {
    if (file_) file_->changed();
}

void RunLive::game_started(const tournament::GameStarted& e) {
    state_.game_started(e);
    changed();
}

void RunLive::move_played(const tournament::MovePlayed& e) {
    state_.move_played(e);
    changed();
}

void RunLive::game_finished(const tournament::GameSlot& slot, const match::GameRecord& record) {
    state_.game_finished(slot, record);
    changed();
}

void RunLive::run_finished(bool failed) {
    state_.run_finished(failed);
    if (file_) file_->finish();
    if (server_) server_->close();
}

}  // namespace referee::live
