// SPDX-License-Identifier: MIT
// A thin owner of one libpq connection: statements with bound text parameters (never pasted
// into SQL), results freed by their owner, every failure a std::runtime_error that names what
// was being done. Nothing here knows the schema; postgres_storage.* and pg_schema.* do.
// A transaction's statements can be pipelined (libpq's pipeline mode): sent without waiting
// for each answer, all answered after one round trip (docs/STORAGE.md "Pipelined writes").
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace reversi::server::pg {

// A parameter: text, or SQL NULL.
using Param = std::optional<std::string>;

// The rows of one statement's answer.
class Result {
  public:
    explicit Result(pg_result* result);
    int rows() const;
    int columns() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const;
    // The value as a whole number; throws when it is not one (a damaged or unexpected row).
    int64_t integer(int row, int column) const;
    // The command's tag, e.g. "COMMIT", or "ROLLBACK" for a COMMIT of a failed transaction.
    std::string command_status() const;
    // Rows changed by an INSERT, UPDATE or DELETE.
    int64_t affected() const;

  private:
    struct Free {
        void operator()(pg_result* result) const;
    };
    std::unique_ptr<pg_result, Free> result_;
};

class Connection {
  public:
    // Connects to `uri` (a libpq connection URI); throws with the server's reason on failure.
    explicit Connection(const std::string& uri);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs SQL without parameters (may hold several statements; one only in a pipeline);
    // throws on failure.
    Result exec(const std::string& sql);
    // Runs one statement with $1.. bound to `params`; throws on failure.
    Result exec(const std::string& sql, const std::vector<Param>& params);
    // Prepares a named statement once per session; runs it with `params`.
    void prepare(const std::string& name, const std::string& sql);
    Result run(const std::string& name, const std::vector<Param>& params);

    // A pipeline: from begin_pipeline() to end_pipeline(), send() and send_prepared() queue a
    // statement whose answer nobody needs but to know it succeeded; exec() and run() send
    // theirs, ask the server to answer what it has, and read every answer before their own
    // (an earlier failure is thrown there). Outside a pipeline, send() is exec().
    void begin_pipeline();
    // `on_answer`, when given, gets the statement's rows once its answer is read (at once
    // outside a pipeline).
    using OnAnswer = std::function<void(const Result&)>;
    void send(const std::string& sql, const std::vector<Param>& params, std::string what,
              OnAnswer on_answer = {});
    void send_prepared(const std::string& name, const std::vector<Param>& params);
    // Ends the pipeline with a sync and reads every answer; returns the last statement's,
    // throws the first failure (the server skipped every statement after it).
    Result end_pipeline();
    // After a failure: reads and drops what is left unanswered and leaves the pipeline.
    void abandon_pipeline();
    bool pipelined() const { return pipelined_; }

    // Whether a transaction is open (or failed and not yet rolled back); always, in a
    // pipeline (its BEGIN may not be answered yet).
    bool in_transaction() const;
    // Whether the connection is lost; reconnect() then tries once to get it back (never in a
    // pipeline: the transaction's statements went with the connection).
    bool broken() const;
    void reconnect();
    // The database's SQLSTATE of the last failure (e.g. "40001"), empty when none.
    const std::string& last_sqlstate() const { return last_sqlstate_; }

  private:
    Result checked(pg_result* result, std::string_view what);
    // Reads the oldest unanswered statement's answer (every result up to libpq's end mark).
    Result next_answer();
    // Has the server answer everything sent so far and reads up to the last statement's.
    Result answer_now();
    [[noreturn]] void send_failed(std::string_view what);

    pg_conn* conn_ = nullptr;
    std::string last_sqlstate_;
    bool pipelined_ = false;
    // In a pipeline: each statement sent and not yet answered, in order.
    struct Unanswered {
        std::string what;
        OnAnswer on_answer;
    };
    std::deque<Unanswered> unanswered_;
};

// A text parameter; throws when `text` holds a NUL byte, which PostgreSQL text cannot store
// (refused rather than silently cut short).
Param text(std::string_view text);

}  // namespace reversi::server::pg
