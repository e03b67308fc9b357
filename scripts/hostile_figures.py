"""What the hostile probes of issue 16 cost the running API and worker, now that they are bounded.

Usage: hostile_figures.py BASE_URL EMAIL PASSWORD API_PID WORKER_PID [WORDS]

Runs each probe alone against a running stack (`just hostile-figures` starts one) and, while it
runs, samples every 20 ms the resident memory of the API and of the worker with its children
(Tesseract runs as a subprocess), and reads their CPU seconds before and after (the worker's
include its waited-for children). Each probe checks its answer: a clear 4xx, or an import that
ends in a final state. Prints a Markdown table (peak RSS in MiB, CPU in seconds, wall time), and
ends with a normal import that must still be processed.
"""

import base64
import http.client
import io
import json
import os
import sys
import threading
import time
import zipfile
import zlib
from urllib.parse import urlparse

base, email, password, api_pid, worker_pid = sys.argv[1:6]
api_pid, worker_pid = int(api_pid), int(worker_pid)
url = urlparse(base)
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
MIB = 1 << 20


# --- measuring -------------------------------------------------------------------------------


def descendants(pid):
    """`pid` and every process below it (through /proc/<pid>/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as f:
                    todo.extend(int(child) for child in f.read().split())
        except OSError:
            pass
    return found


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE
    except OSError:
        return 0


def cpu_seconds(pid):
    """User + system time of `pid` and of its waited-for children."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[11..14] are utime, stime, cutime, cstime (fields 14–17 of stat(5)).
    return sum(int(x) for x in fields[11:15]) / TICKS


class Sampler:
    """Peak resident memory of the API and of the worker's process tree while it runs."""

    def __init__(self):
        self.peak = {"api": 0, "worker": 0}
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while self.running:
            self.peak["api"] = max(self.peak["api"], rss_bytes(api_pid))
            tree = sum(rss_bytes(p) for p in descendants(worker_pid))
            self.peak["worker"] = max(self.peak["worker"], tree)
            time.sleep(0.02)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()


# --- talking to the API ----------------------------------------------------------------------


def request(method, path, body=None, headers=None, timeout=600):
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    try:
        conn.request(method, path, body, headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    except (BrokenPipeError, ConnectionResetError) as error:
        # The server refused early and closed while the body was still being sent.
        return None, str(error).encode()
    finally:
        conn.close()


def graphql(query, variables=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    status, body = request("POST", "/graphql", json.dumps({"query": query, "variables": variables or {}}), headers)
    return status, json.loads(body)


status, login = graphql(
    "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { accessToken } }",
    {"u": email, "p": password},
)
TOKEN = login["data"]["basicLogin"]["accessToken"]


def import_dossier(zip_bytes, files, items=None, **extra):
    payload = {
        "idValutazione": "hostile-figures",
        "base64zip": base64.b64encode(zip_bytes).decode(),
        "files": files,
        "input": json.dumps(items if items is not None else [{}]),
        **extra,
    }
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    return request("POST", "/import_dossier", json.dumps(payload), headers)


def wait_final(dossier_id, timeout=300):
    """The dossier's final state and its documents' states."""
    query = "query($id: ID!) { dossier(id: $id) { state error } documentsByDossier(dossier: $id) { state error } }"
    deadline = time.time() + timeout
    while time.time() < deadline:
        _, body = graphql(query, {"id": dossier_id}, TOKEN)
        dossier = body["data"]["dossier"]
        if dossier["state"] != "processing":
            documents = body["data"]["documentsByDossier"]
            reasons = sorted({d["error"] for d in documents if d.get("error")})
            return f"{dossier['state']}; documents {', '.join(sorted(d['state'] for d in documents))}" + (
                f" — {reasons[0][:90]}" if reasons else ""
            )
        time.sleep(0.1)
    raise SystemExit(f"dossier {dossier_id} still processing after {timeout} s")


def imported(zip_bytes, files, **kwargs):
    status, body = import_dossier(zip_bytes, files, **kwargs)
    if status != 200:
        return f"{status} {body[:120].decode(errors='replace')}"
    return wait_final(json.loads(body)["id"])


# --- the documents ---------------------------------------------------------------------------


def pdf(page_content, width=595, height=842, extra_objects=()):
    """A one-page PDF whose content stream is `page_content` (bytes, with its own dictionary
    keys before `stream`), with a correct cross-reference table."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>" % (width, height),
        page_content,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        *extra_objects,
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def stream(data, compressed=False):
    if compressed:
        return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


TEXT_PDF = pdf(stream(b"BT /F1 14 Tf 72 760 Td (Contratto di finanziamento n. 42) Tj ET"))
BLANK_HUGE_PAGE_PDF = pdf(stream(b""), width=4500, height=4500)


def deflate_bomb(inflated_bytes):
    """A page whose content stream inflates to `inflated_bytes` of spaces."""
    compressor = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    parts = [compressor.compress(chunk) for _ in range(inflated_bytes >> 20)]
    parts.append(compressor.flush())
    return pdf(stream(b"".join(parts), compressed=True))


def zip_of(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def zip_bomb(inflated_bytes):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("bomba.pdf", "w", force_zip64=True) as entry:
            chunk = b"\0" * (1 << 20)
            for _ in range(inflated_bytes >> 20):
                entry.write(chunk)
    return out.getvalue()


def zlib_spaces(inflated_bytes):
    compressor = zlib.compressobj(1)
    chunk = b" " * (1 << 20)
    parts = [compressor.compress(chunk) for _ in range(inflated_bytes >> 20)]
    parts.append(compressor.flush())
    return b"".join(parts)


def chained_bomb(encoding, inflated_bytes):
    """A page whose content stream is Flate behind ASCIIHex or ASCII85, inflating to
    `inflated_bytes` (issue 29: the pre-scan once counted Flate only as the first filter)."""
    flate = zlib_spaces(inflated_bytes)
    if encoding == "hex":
        data, filters = flate.hex().upper().encode() + b">", b"[/ASCIIHexDecode /FlateDecode]"
    else:
        data, filters = base64.a85encode(flate) + b"~>", b"[/ASCII85Decode /FlateDecode]"
    return pdf(b"<< /Length %d /Filter %s >>\nstream\n" % (len(data), filters) + data + b"\nendstream")


def lzw_bomb(inflated_bytes):
    """A page whose content stream is LZW decoding to `inflated_bytes` of spaces, made without
    them (as `shared::testing::pdf::encoded_bomb_pdf`: codes of ever longer runs, the table
    cleared before it fills). Only the extraction's memory limit stops it."""
    out, state = bytearray(), {"pending": 0, "bits": 0}

    def push(code, width):
        state["pending"] = (state["pending"] << width) | code
        state["bits"] += width
        while state["bits"] >= 8:
            state["bits"] -= 8
            out.append((state["pending"] >> state["bits"]) & 0xFF)
        state["pending"] &= (1 << state["bits"]) - 1

    def width(emitted):
        n = 258 + emitted
        return 9 if n < 512 else 10 if n < 1024 else 11 if n < 2048 else 12

    push(256, 9)
    emitted, left, run = 0, inflated_bytes, 1
    while left > 0:
        if emitted == 3800:
            push(256, width(emitted))
            emitted, run = 0, 1
        length = min(run, left)
        push(32 if length == 1 else 256 + length, width(emitted))
        emitted, left, run = emitted + 1, left - length, run + 1
    push(257, width(emitted))
    if state["bits"]:
        out.append((state["pending"] << (8 - state["bits"])) & 0xFF)
    data = bytes(out)
    return pdf(b"<< /Length %d /Filter /LZWDecode >>\nstream\n" % len(data) + data + b"\nendstream")


ONE_FILE = [{"nomeFile": "contratto.pdf", "tipoDocumento": ""}]


# --- the probes ------------------------------------------------------------------------------


def at_once(count, post, answers):
    """Runs `post` `count` times at once; the answers it collected, sorted."""
    threads = [threading.Thread(target=post) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return ", ".join(sorted(answers))


def huge_graphql_bodies():
    body = b'{"query":"{ __typename }","variables":{"x":"' + b"a" * (100 << 20) + b'"}}'
    answers = []

    def post():
        status, _ = request("POST", "/graphql", body, {"Content-Type": "application/json"})
        answers.append(str(status) if status else "closed by the server mid-body")

    return at_once(2, post, answers)


def many_aliases():
    query = "{ " + " ".join(f"a{i}: __typename" for i in range(400)) + " }"
    status, body = graphql(query)
    return f"HTTP {status}: {body['errors'][0]['message'][:80]}" if body.get("errors") else f"HTTP {status} answered"


def missing_file_names():
    files = ONE_FILE + [{"nomeFile": f"manca-{i}.pdf", "tipoDocumento": ""} for i in range(80_000)]
    return imported(zip_of({"contratto.pdf": TEXT_PDF}), files)


def huge_input():
    return imported(zip_of({"contratto.pdf": TEXT_PDF}), ONE_FILE, items=[{"n": i} for i in range(100_000)])


def gzip_of(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


def names_body(count):
    """An import body listing `count` files: 7 M names are the review's 113 MB body."""
    head = b'{"idValutazione":"x","base64zip":"UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==","input":"[{}]","files":['
    names = b",".join(b'{"nomeFile":"f%d.pdf"}' % i for i in range(count))
    return head + names + b"]}"


def anonymous_gzip_names():
    """The review's 282 KB gzip body of 7 M file names, without a token: 401 before it is read."""
    body = gzip_of(names_body(7_000_000))
    headers = {"Content-Type": "application/json", "Content-Encoding": "gzip"}
    status, answer = request("POST", "/import_dossier", body, headers)
    return f"{status} {answer[:100].decode(errors='replace')} ({len(body) >> 10} KB sent)"


def gzip_inflating(inflated_bytes):
    """A signed-in import body that inflates to `inflated_bytes` of spaces."""
    body = gzip_of(b" " * inflated_bytes)
    headers = {"Content-Type": "application/json", "Content-Encoding": "gzip", "Authorization": f"Bearer {TOKEN}"}
    status, answer = request("POST", "/import_dossier", body, headers)
    return f"{status} {answer[:100].decode(errors='replace')} ({len(body) >> 10} KB sent)"


def many_names_body():
    """The review's 113 MB body of 7 M file names, signed in: refused at the 1,001st name."""
    body = names_body(7_000_000)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    status, answer = request("POST", "/import_dossier", body, headers)
    return f"{status} {answer[:100].decode(errors='replace')} ({len(body) >> 20} MB)"


def largest_import_bodies(count):
    """`count` import bodies at the archive limit (100 MiB of zeros, not a zip) at once."""
    body = json.dumps({"idValutazione": "x", "base64zip": base64.b64encode(bytes(100 << 20)).decode(), "input": "[{}]"})
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    answers = []

    def post():
        status, answer = request("POST", "/import_dossier", body, headers)
        answers.append(f"{status} {json.loads(answer).get('code', '')}" if status else "closed")

    return at_once(count, post, answers)


def fragment_aliases():
    """15 aliases in a fragment spread 15 times: 225 aliased lists (the limit is 30)."""
    fields = " ".join(f"a{i}: __typename" for i in range(15))
    spreads = " ".join(f"s{i}: __schema {{ ...F }}" for i in range(15))
    query = f"{{ {spreads} }} fragment F on __Schema {{ types {{ {fields} }} }}"
    status, body = graphql(query, token=TOKEN)
    return f"HTTP {status}: {body['errors'][0]['message'][:80]}" if body.get("errors") else f"HTTP {status} answered"


def huge_graphql_parse_error():
    """A 12 MB signed-in GraphQL body with a syntax error: the answer must not echo it."""
    query = "{ " + "x " * (6 << 20) + "("
    status, answer = request(
        "POST", "/graphql", json.dumps({"query": query}), {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}
    )
    return f"HTTP {status}, answer of {len(answer)} bytes"


def large_archive_download(size):
    """A dossier whose stored archive is `size` random bytes (written straight into the local
    storage the stack runs on), downloaded through the link `downloadDossier` hands out and read
    in 1 MiB chunks, asking for compression: the API streams it as stored."""
    status, body = import_dossier(zip_of({"contratto.pdf": TEXT_PDF}), ONE_FILE)
    if status != 200:
        return f"import: {status} {body[:120].decode(errors='replace')}"
    dossier = json.loads(body)["id"]
    wait_final(dossier)
    storage = os.environ["ISTRUTTORIA_STORAGE_URL"].removeprefix("file://")
    with open(os.path.join(storage, "dossiers", dossier, "archive.zip"), "wb") as archive:
        for _ in range(size >> 20):
            archive.write(os.urandom(1 << 20))
    _, answer = graphql("query($id: ID!) { downloadDossier(id: $id) { url } }", {"id": dossier}, TOKEN)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
    try:
        conn.request("GET", answer["data"]["downloadDossier"]["url"], headers={"Accept-Encoding": "gzip, br"})
        response = conn.getresponse()
        read = 0
        while chunk := response.read(1 << 20):
            read += len(chunk)
    finally:
        conn.close()
    if read != size:
        raise SystemExit(f"the download answered {read} bytes of {size}")
    return f"HTTP {response.status}, {read >> 20} MiB streamed"


def archive_at_the_limit(path):
    """A zip of 99 MiB in `path`: 9 stored entries of 11 MiB of random bytes, each starting as a
    PDF (they are not: the import keeps them, the extraction refuses them)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for i in range(9):
            with archive.open(f"documento-{i}.pdf", "w", force_zip64=False) as entry:
                entry.write(b"%PDF-1.4\n")
                for _ in range(11):
                    entry.write(os.urandom(1 << 20))
    return [{"nomeFile": f"documento-{i}.pdf", "tipoDocumento": ""} for i in range(9)]


def large_import(form):
    """The 99 MiB archive imported as multipart/form-data (`form`, sent from a file, streamed
    by the API to a temporary file) or as base64 inside JSON (read whole by the API)."""
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        zip_path = os.path.join(scratch, "pratica.zip")
        files = archive_at_the_limit(zip_path)
        body_path = os.path.join(scratch, "body")
        with open(body_path, "wb") as body, open(zip_path, "rb") as archive:
            if form:
                boundary = "hostile-figures-boundary"
                fields = {"idValutazione": "hostile-figures", "files": json.dumps(files), "input": "[{}]"}
                for name, value in fields.items():
                    body.write(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
                body.write(
                    f'--{boundary}\r\nContent-Disposition: form-data; name="zip"; filename="pratica.zip"\r\n'
                    "Content-Type: application/zip\r\n\r\n".encode()
                )
                while chunk := archive.read(1 << 20):
                    body.write(chunk)
                body.write(f"\r\n--{boundary}--\r\n".encode())
                content_type = f"multipart/form-data; boundary={boundary}"
            else:
                body.write(json.dumps({"idValutazione": "hostile-figures", "files": files, "input": "[{}]", "base64zip": base64.b64encode(archive.read()).decode()}).encode())
                content_type = "application/json"
        size = os.path.getsize(body_path)
        headers = {"Content-Type": content_type, "Content-Length": str(size), "Authorization": f"Bearer {TOKEN}"}
        before = rss_bytes(api_pid)
        with open(body_path, "rb") as body:
            status, answer = request("POST", "/import_dossier", body, headers)
    if status != 200:
        return f"{status} {answer[:120].decode(errors='replace')}"
    return f"200 ({size >> 20} MiB sent; API {before / MIB:.0f} MiB just before); {wait_final(json.loads(answer)['id'])[:60]}"


PROBES = [
    ("normal import (1 text PDF), before", lambda: imported(zip_of({"contratto.pdf": TEXT_PDF}), ONE_FILE)),
    ("2 × 100 MB anonymous GraphQL bodies at once", huge_graphql_bodies),
    ("400 aliases, anonymous", many_aliases),
    ("blank 4500 × 4500 pt page (OCR pixel cap)", lambda: imported(zip_of({"contratto.pdf": BLANK_HUGE_PAGE_PDF}), ONE_FILE)),
    ("Flate stream inflating to 1 GiB", lambda: imported(zip_of({"contratto.pdf": deflate_bomb(1 << 30)}), ONE_FILE)),
    ("zip entry inflating to 4 GiB", lambda: imported(zip_bomb(4 << 30), ONE_FILE)),
    ("80,000 listed files missing from the zip", missing_file_names),
    ("input of 100,000 items", huge_input),
    ("LZW stream decoding to 1 GiB (issue 29)", lambda: imported(zip_of({"contratto.pdf": lzw_bomb(1 << 30)}), ONE_FILE)),
    ("ASCIIHex + Flate inflating to 1 GiB", lambda: imported(zip_of({"contratto.pdf": chained_bomb("hex", 1 << 30)}), ONE_FILE)),
    ("ASCII85 + Flate inflating to 1 GiB", lambda: imported(zip_of({"contratto.pdf": chained_bomb("a85", 1 << 30)}), ONE_FILE)),
    ("anonymous gzip import body of 7 M file names", anonymous_gzip_names),
    ("gzip import body inflating to 600 MB", lambda: gzip_inflating(600 << 20)),
    ("import body of 7 M file names", many_names_body),
    ("4 import bodies at the archive limit at once", lambda: largest_import_bodies(4)),
    ("15 × 15 aliases through a fragment", fragment_aliases),
    ("12 MB GraphQL body with a syntax error", huge_graphql_parse_error),
    ("download of a 100 MiB dossier archive (issue 32)", lambda: large_archive_download(100 << 20)),
    ("99 MiB archive as multipart/form-data (issue 31)", lambda: large_import(form=True)),
    ("99 MiB archive as base64 in JSON (issue 31)", lambda: large_import(form=False)),
    ("normal import (1 text PDF), after", lambda: imported(zip_of({"contratto.pdf": TEXT_PDF}), ONE_FILE)),
]

# `hostile_figures.py … WORDS`: only the probes whose name contains WORDS (and the normal
# imports before and after).
if len(sys.argv) > 6:
    PROBES = [(name, probe) for name, probe in PROBES if sys.argv[6] in name or name.startswith("normal import")]

print(f"idle: API {rss_bytes(api_pid) / MIB:.0f} MiB, worker {sum(rss_bytes(p) for p in descendants(worker_pid)) / MIB:.0f} MiB")
print()
print("| probe | answer | API peak MiB | worker peak MiB | API CPU s | worker CPU s | wall s |")
print("|---|---|---:|---:|---:|---:|---:|")
for name, probe in PROBES:
    cpu_before = cpu_seconds(api_pid), cpu_seconds(worker_pid)
    started = time.monotonic()
    with Sampler() as sampler:
        answer = probe()
    wall = time.monotonic() - started
    cpu = cpu_seconds(api_pid) - cpu_before[0], cpu_seconds(worker_pid) - cpu_before[1]
    print(
        f"| {name} | {answer} | {sampler.peak['api'] / MIB:.0f} | {sampler.peak['worker'] / MIB:.0f} "
        f"| {cpu[0]:.2f} | {cpu[1]:.2f} | {wall:.1f} |",
        flush=True,
    )
    if name.endswith("after") and not answer.startswith("processed"):
        raise SystemExit(f"a normal import after the probes ended {answer}")
status, _ = request("GET", "/readyz")
if status != 200:
    raise SystemExit(f"/readyz answered {status} after the probes")
