-- wrk's script for bench/http.ts `load`: POSTs the JSON body in the file SPANWISE_BODY names, and prints the
-- run's counts as one line of JSON for the benchmark to read.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("SPANWISE_BODY"), "rb"))
wrk.body = file:read("*a")
file:close()

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"errors":%d,"non2xx":%d,"p50":%d,"p99":%d}\n', summary.requests,
    summary.duration, e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(99)))
end
