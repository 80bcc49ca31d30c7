// SPDX-License-Identifier: MIT
// PostgreSQL back end, wrong logins (LoginFailureStore): one row per failure, shared by every
// node; each insert also deletes the rows past the window, so the table holds one window.
#include <string>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

void PostgresStorage::add_login_failure(const std::string& name_key, const std::string& address,
                                        int64_t at, int64_t forget_before) {
    connection_->exec("DELETE FROM login_failures WHERE at < $1",
                      {pg::text(std::to_string(forget_before))});
    connection_->exec("INSERT INTO login_failures(name_key, address, at) VALUES($1, $2, $3)",
                      {pg::text(name_key), pg::text(address), pg::text(std::to_string(at))});
}

LoginFailureCounts PostgresStorage::login_failures(const std::string& name_key,
                                                   const std::string& address, int64_t since) {
    const pg::Result rows = connection_->exec(
        "SELECT COUNT(*) FILTER (WHERE address = $2), COUNT(*) FROM login_failures "
        "WHERE name_key = $1 AND at >= $3",
        {pg::text(name_key), pg::text(address), pg::text(std::to_string(since))});
    return {static_cast<int>(rows.integer(0, 0)), static_cast<int>(rows.integer(0, 1))};
}

}  // namespace reversi::server
