// SPDX-License-Identifier: MIT
// The tournament list (listing.h).
#include "server/tournament/listing.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace reversi::server::tournament {

json summary_of(const Tournament& t, int64_t now) {
    json v = t.view(now);
    v.erase("games");
    v["players"] = v["standings"].size();
    v.erase("standings");
    return v;
}

json list_page(const std::map<std::string, Tournament>& all, int offset, int limit, int64_t now) {
    offset = std::max(0, offset);
    limit = std::clamp(limit, 1, MaxListPage);
    std::vector<std::pair<std::tuple<int, int64_t, std::string>, const Tournament*>> order;
    for (const auto& [id, t] : all) {
        const int64_t start = t.settings().starts_at;
        const int group = t.status() == Status::Running ? 0 : t.status() == Status::Created ? 1 : 2;
        order.push_back({{group, group == 2 ? -start : start, id}, &t});
    }
    std::sort(order.begin(), order.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    json out = json::array();
    for (size_t i = offset; i < order.size() && out.size() < static_cast<size_t>(limit); ++i)
        out.push_back(summary_of(*order[i].second, now));
    return {{"tournaments", out}, {"total", order.size()}, {"offset", offset}, {"limit", limit}};
}

}  // namespace reversi::server::tournament
