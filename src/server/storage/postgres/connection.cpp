// SPDX-License-Identifier: MIT
// libpq calls behind the Connection and Result classes. Parameters go in text format, so a
// value reaches the server exactly as given; the server's error text is passed on, never the
// connection URI (it may hold a password).
#include "server/storage/postgres/connection.h"

#include <libpq-fe.h>

#include <charconv>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace reversi::server::pg {

namespace {

// libpq ends its messages with a newline; error texts here are one line.
std::string trimmed(const char* message) {
    std::string out = message ? message : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out.empty() ? "unknown error" : out;
}

// The server's NOTICEs (e.g. "relation already exists, skipping") are not errors and must
// not clutter the server's log.
void ignore_notice(void*, const char*) {}

}  // namespace

void Result::Free::operator()(pg_result* result) const {
    PQclear(result);
}

Result::Result(pg_result* result) : result_(result) {}

int Result::rows() const {
    return PQntuples(result_.get());
}
int Result::columns() const {
    return PQnfields(result_.get());
}
bool Result::is_null(int row, int column) const {
    return PQgetisnull(result_.get(), row, column) != 0;
}
std::string Result::text(int row, int column) const {
    const char* value = PQgetvalue(result_.get(), row, column);
    return std::string(value, static_cast<size_t>(PQgetlength(result_.get(), row, column)));
}
int64_t Result::integer(int row, int column) const {
    const std::string value = text(row, column);
    int64_t out = 0;
    const char* last = value.data() + value.size();
    const auto [ptr, ec] = std::from_chars(value.data(), last, out);
    if (value.empty() || ec != std::errc() || ptr != last)
        throw std::runtime_error("postgresql: expected a number in column " +
                                 std::to_string(column) + ", got '" + value + "'");
    return out;
}
std::string Result::command_status() const {
    return PQcmdStatus(result_.get());
}
int64_t Result::affected() const {
    const char* tuples = PQcmdTuples(result_.get());
    return tuples && *tuples ? std::strtoll(tuples, nullptr, 10) : 0;
}

Param text(std::string_view value) {
    if (value.find('\0') != std::string_view::npos)
        throw std::runtime_error("postgresql: text with a NUL byte cannot be stored");
    return std::string(value);
}

Connection::Connection(const std::string& uri) {
    conn_ = PQconnectdb(uri.c_str());
    if (!conn_) throw std::runtime_error("postgresql: out of memory");
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string why = trimmed(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        throw std::runtime_error("cannot connect to PostgreSQL: " + why);
    }
    PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

Connection::~Connection() {
    if (conn_) PQfinish(conn_);
}

Result Connection::checked(pg_result* result, std::string_view what) {
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        last_sqlstate_.clear();
        return Result(result);
    }
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    last_sqlstate_ = state ? state : "";
    const std::string why = trimmed(result ? PQresultErrorMessage(result) : PQerrorMessage(conn_));
    PQclear(result);
    throw std::runtime_error("postgresql " + std::string(what) + ": " + why);
}

Result Connection::exec(const std::string& sql) {
    if (pipelined_) return exec(sql, {});
    return checked(PQexec(conn_, sql.c_str()), "statement");
}

namespace {

// libpq takes parameters as C strings; these stay valid while `params` lives.
std::vector<const char*> values_of(const std::vector<Param>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
    return values;
}

}  // namespace

Result Connection::exec(const std::string& sql, const std::vector<Param>& params) {
    if (pipelined_) {
        send(sql, params, "statement");
        return answer_now();
    }
    const auto values = values_of(params);
    return checked(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                values.data(), nullptr, nullptr, 0),
                   "statement");
}

void Connection::prepare(const std::string& name, const std::string& sql) {
    checked(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr), "prepare");
}

Result Connection::run(const std::string& name, const std::vector<Param>& params) {
    if (pipelined_) {
        send_prepared(name, params);
        return answer_now();
    }
    const auto values = values_of(params);
    return checked(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()),
                                  values.data(), nullptr, nullptr, 0),
                   name);
}

void Connection::send_failed(std::string_view what) {
    throw std::runtime_error("postgresql " + std::string(what) + ": " +
                             trimmed(PQerrorMessage(conn_)));
}

void Connection::begin_pipeline() {
    if (pipelined_) throw std::logic_error("postgresql: a pipeline is already open");
    if (!PQenterPipelineMode(conn_)) send_failed("pipeline");
    pipelined_ = true;
}

void Connection::send(const std::string& sql, const std::vector<Param>& params, std::string what,
                      OnAnswer on_answer) {
    if (!pipelined_) {
        const Result answer =
            checked(PQexecParams(conn_, sql.c_str(), static_cast<int>(params.size()), nullptr,
                                 values_of(params).data(), nullptr, nullptr, 0),
                    what);
        if (on_answer) on_answer(answer);
        return;
    }
    const auto values = values_of(params);
    if (!PQsendQueryParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                           values.data(), nullptr, nullptr, 0))
        send_failed(what);
    unanswered_.push_back({std::move(what), std::move(on_answer)});
}

void Connection::send_prepared(const std::string& name, const std::vector<Param>& params) {
    if (!pipelined_) {
        run(name, params);
        return;
    }
    const auto values = values_of(params);
    if (!PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(),
                             nullptr, nullptr, 0))
        send_failed(name);
    unanswered_.push_back({name, {}});
}

Result Connection::next_answer() {
    const Unanswered sent = std::move(unanswered_.front());
    unanswered_.pop_front();
    const std::string& what = sent.what;
    pg_result* result = PQgetResult(conn_);
    // Each statement's results end with a null one; a lost connection may give only that.
    if (result)
        while (!broken())
            if (pg_result* more = PQgetResult(conn_))
                PQclear(more);
            else
                break;
    if (result && PQresultStatus(result) == PGRES_PIPELINE_ABORTED) {
        PQclear(result);
        throw std::runtime_error("postgresql " + what +
                                 ": not run, an earlier statement of the transaction failed");
    }
    Result answer = checked(result, what);
    if (sent.on_answer) sent.on_answer(answer);
    return answer;
}

Result Connection::answer_now() {
    // A flush request, not a sync: the transaction stays open and pipelined.
    if (!PQsendFlushRequest(conn_) || PQflush(conn_) != 0) send_failed("flush");
    while (unanswered_.size() > 1) next_answer();
    return next_answer();
}

Result Connection::end_pipeline() {
    if (!pipelined_) throw std::logic_error("postgresql: no pipeline to end");
    if (unanswered_.empty()) throw std::logic_error("postgresql: an empty pipeline");
    if (!PQpipelineSync(conn_)) {
        const std::string why = trimmed(PQerrorMessage(conn_));
        abandon_pipeline();
        throw std::runtime_error("postgresql sync: " + why);
    }
    std::optional<std::runtime_error> failed;
    std::optional<Result> last;
    while (!unanswered_.empty() && !broken()) {
        try {
            last.emplace(next_answer());
        } catch (const std::runtime_error& e) {
            if (!failed) failed = e;
        }
    }
    if (!unanswered_.empty() && !failed)
        failed.emplace("postgresql: the connection was lost before every answer came");
    // The sync's own answer (not followed by a null result).
    if (!broken())
        if (pg_result* sync = PQgetResult(conn_)) PQclear(sync);
    unanswered_.clear();
    PQexitPipelineMode(conn_);
    pipelined_ = false;
    if (failed) throw *failed;
    return std::move(*last);
}

void Connection::abandon_pipeline() {
    if (!pipelined_) return;
    if (!broken() && PQpipelineSync(conn_)) {
        while (!unanswered_.empty() && !broken()) {
            try {
                next_answer();
            } catch (const std::runtime_error&) {
                // Dropped: the failure that made us abandon was reported already.
            }
        }
        if (!broken())
            if (pg_result* sync = PQgetResult(conn_)) PQclear(sync);
    }
    unanswered_.clear();
    PQexitPipelineMode(conn_);
    pipelined_ = false;
}

bool Connection::in_transaction() const {
    if (pipelined_) return true;
    const PGTransactionStatusType status = PQtransactionStatus(conn_);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

bool Connection::broken() const {
    return PQstatus(conn_) != CONNECTION_OK;
}

void Connection::reconnect() {
    if (pipelined_)
        throw std::runtime_error("postgresql: the connection was lost in a transaction");
    PQreset(conn_);
    PQexitPipelineMode(conn_);  // a pipeline the lost connection was in ends with it
    if (PQstatus(conn_) != CONNECTION_OK)
        throw std::runtime_error("cannot reconnect to PostgreSQL: " +
                                 trimmed(PQerrorMessage(conn_)));
    PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

}  // namespace reversi::server::pg
