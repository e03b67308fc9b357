"""Times every sort and filter of the operations area's paged lists through GraphQL.

Usage: bench_lists.py BASE_URL EMAIL PASSWORD [ROUNDS]. Each case runs ROUNDS times (default
50) after 3 warm-up calls, one request at a time over one keep-alive connection; prints a
Markdown table of p50 / p99 / max in milliseconds and the rows each case matched.
"""

import http.client
import json
import statistics
import sys
import time
from urllib.parse import urlparse

base, email, password = sys.argv[1:4]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 50
url = urlparse(base)
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
token = None


def graphql(query, variables=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request("POST", "/graphql", json.dumps({"query": query, "variables": variables or {}}), headers)
    body = json.loads(conn.getresponse().read())
    if body.get("errors"):
        raise SystemExit(f"GraphQL error: {body['errors']}")
    return body["data"]


token = graphql(
    "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { accessToken } }",
    {"u": email, "p": password},
)["basicLogin"]["accessToken"]

DOSSIERS = "query($input: TableInput) { dossiers(input: $input) { items { id description state createdAt dossierType { name } } pages total } }"
EXECUTIONS = "query($input: TableInput) { dossierRuleExecutions(input: $input) { items { id ruleName state createdAt } pages total } }"
DOSSIER_LOGS = "query($input: TableInput) { dossierRuleExecutionLogs(input: $input) { items { id ruleName executedAt } pages total } }"
RULE_LOGS = "query($input: TableInput) { ruleExecutionLogs(input: $input) { items { id ruleName executedAt } pages total } }"
DOCUMENTS = "query($id: ID!) { documentsByDossier(dossier: $id) { id name state } }"

sample = graphql(DOSSIERS, {"input": {"filters": [{"column": "state", "type": "select", "value": ["processed"]}]}})["dossiers"]["items"][0]
document = graphql(DOCUMENTS, {"id": sample["id"]})["documentsByDossier"][0]


def table(order=None, filters=(), page_index=0, page_size=10):
    value = {"pageSize": page_size, "pageIndex": page_index, "filters": list(filters)}
    if order:
        value["order"] = order
    return {"input": value}


def text(column, value):
    return {"column": column, "type": "text", "value": [value]}


def select(column, *values):
    return {"column": column, "type": "select", "value": list(values)}


def dates(column, start, end):
    return {"column": column, "type": "date", "value": [start, end]}


cases = [
    ("dossiers: default (createdAt DESC)", DOSSIERS, table()),
    ("dossiers: createdAt ASC", DOSSIERS, table("createdAt ASC")),
    ("dossiers: id DESC", DOSSIERS, table("id DESC")),
    ("dossiers: description ASC", DOSSIERS, table("description ASC")),
    ("dossiers: state DESC", DOSSIERS, table("state DESC")),
    ("dossiers: page 500", DOSSIERS, table(page_index=500)),
    ("dossiers: state = cannot process", DOSSIERS, table(filters=[select("state", "cannot process")])),
    ("dossiers: description contains 'Rossi 1'", DOSSIERS, table(filters=[text("description", "Rossi 1")])),
    ("dossiers: id prefix", DOSSIERS, table(filters=[text("id", sample["id"][:8])])),
    ("dossiers: created this month", DOSSIERS, table(filters=[dates("createdAt", time.strftime("%Y/%m/01"), "9999/99/99")])),
    ("dossiers: dossier type", DOSSIERS, table(filters=[select("dossierType", "volume-2")])),
    ("dossiers: type + state + dates", DOSSIERS, table(filters=[select("dossierType", "volume-2"), select("state", "processed"), dates("createdAt", "2026/01/01", "9999/99/99")])),
    ("executions of a dossier", EXECUTIONS, table(filters=[text("dossier_id", sample["id"])])),
    ("executions of a dossier, state = error", EXECUTIONS, table(filters=[text("dossier_id", sample["id"]), select("state", "error")])),
    ("executions: all, state = error", EXECUTIONS, table(filters=[select("state", "error")])),
    ("dossier rule logs of a dossier", DOSSIER_LOGS, table(filters=[text("dossier_id", sample["id"])])),
    ("rule logs of a document", RULE_LOGS, table(filters=[text("document_id", document["id"])])),
    ("rule logs: all (executedAt DESC)", RULE_LOGS, table()),
]

print(f"| list, sort or filter | rows matched | p50 ms | p99 ms | max ms |")
print("|---|---:|---:|---:|---:|")
for name, query, variables in cases:
    for _ in range(3):
        graphql(query, variables)
    times = []
    total = None
    for _ in range(rounds):
        started = time.perf_counter()
        data = graphql(query, variables)
        times.append((time.perf_counter() - started) * 1000)
        total = next(iter(data.values())).get("total")
    times.sort()
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    print(f"| {name} | {total} | {statistics.median(times):.1f} | {p99:.1f} | {times[-1]:.1f} |")
