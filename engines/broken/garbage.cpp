// broken-garbage: answers every move request with text that is not a move at all
// ("bestmove zz99", "! zz99"; --text changes it). The referee must report an unparsable
// answer (UCI: loss; IMCS: "- invalid move", then ask again) quoting the text.
#include "engines/common/engine_main.hpp"

namespace {

class GarbagePlayer : public engines::Player {
  public:
    std::vector<engines::Parameter> parameters() const override {
        return {{"text", "Text", engines::Parameter::Kind::String, "zz99", 0, 0,
                 "what to answer instead of a move"}};
    }
    void set_parameter(const std::string& flag, const std::string& value) override {
        if (flag == "text" && !value.empty()) text_ = value;
    }
    void new_game(const referee::rules::Rules&, std::uint64_t) override {}
    engines::Reply choose(const engines::Turn&) override { return engines::Reply::raw(text_); }

  private:
    std::string text_ = "zz99";
};

}  // namespace

int main(int argc, char** argv) {
    GarbagePlayer player;
    return engines::run_engine(argc, argv,
                               {"broken-garbage", "minichess-referee",
                                "answers with text that is not a move (a broken engine)"},
                               player);
}
