#include "referee/live/live_file.hpp"

#include <iostream>

#include "referee/tournament/output_files.hpp"

namespace referee::live {

std::string live_file_name(const std::string& journal_name) {
    std::string name = journal_name;
    if (name.rfind("journal", 0) == 0) name.replace(0, 7, "live");
    if (name.size() >= 6 && name.compare(name.size() - 6, 6, ".jsonl") == 0) name.pop_back();
    return name;
}

bool is_live_file_name(const std::string& name) {
    return name == "live.json" || (name.rfind("live.shard-", 0) == 0 && name.size() > 5 &&
                                   name.compare(name.size() - 5, 5, ".json") == 0);
}

Json info_json(const LiveInfo& info, const std::string& variant) {
    Json j = {{"kind", info.kind},          {"title", info.title},
              {"format", info.format},      {"time_control", info.time_control},
              {"variant", variant},         {"engines", info.engines},
              {"scheduled", info.scheduled}};
    if (info.sprt.enabled)
        j["sprt"] = {{"elo0", info.sprt.elo0},
                     {"elo1", info.sprt.elo1},
                     {"alpha", info.sprt.alpha},
                     {"beta", info.sprt.beta},
                     {"model", tournament::sprt_model_name(info.sprt.model)}};
    return j;
}

LiveInfo info_from_json(const Json& j) {
    LiveInfo info;
    info.kind = j.at("kind").get<std::string>();
    info.title = j.at("title").get<std::string>();
    info.format = j.at("format").get<std::string>();
    info.time_control = j.at("time_control").get<std::string>();
    info.engines = j.at("engines").get<std::vector<std::string>>();
    info.scheduled = j.at("scheduled").get<int>();
    if (j.contains("sprt")) {
        const Json& s = j["sprt"];
        info.sprt.enabled = true;
        info.sprt.elo0 = s.at("elo0").get<double>();
        info.sprt.elo1 = s.at("elo1").get<double>();
        info.sprt.alpha = s.at("alpha").get<double>();
        info.sprt.beta = s.at("beta").get<double>();
        info.sprt.model = tournament::parse_sprt_model(s.at("model").get<std::string>());
    }
    return info;
}

LiveFile::LiveFile(boost::asio::io_context& io, const LiveState& state, std::string folder,
                   std::string name, std::string variant)
    : state_(state),
      folder_(std::move(folder)),
      name_(std::move(name)),
      variant_(std::move(variant)),
      timer_(io) {
    write();
}

void LiveFile::changed() {
    if (armed_ || finished_) return;
    armed_ = true;
    timer_.expires_after(kLiveFileEvery);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        armed_ = false;
        if (!ec && !finished_) write();
    });
}

void LiveFile::finish() {
    finished_ = true;
    timer_.cancel();
    write();
}

// A file that cannot be written costs the watchers their view, not the tournament its games.
void LiveFile::write() {
    Json j = info_json(state_.info(), variant_);
    j["now"] = state_.now_ms();
    j["over"] = finished_;
    j["playing"] = finished_ ? Json::array() : state_.playing_json();
    try {
        tournament::OutputDir(folder_).replace(
            name_, j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n");
    } catch (const std::exception& e) {
        std::cerr << "warning: " << e.what() << '\n';
    }
}

}  // namespace referee::live
