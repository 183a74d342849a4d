/**
 * Local stand-ins for registry endpoints that are not reachable from the test machines:
 * - a PyPI JSON API (`/pypi/<name>/json`, `/pypi/<name>/<version>/json`, files under `/files/...`) in the wire format;
 * - the npm bulk advisory endpoint (gzipped JSON body in, `{name: [advisory]}` out).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

export interface FakePypiFile {
  filename: string;
  /** Defaults from the extension: .whl → bdist_wheel, else sdist. */
  packagetype?: 'sdist' | 'bdist_wheel' | 'bdist_egg';
  /** File body; default `fake contents of <filename>`. */
  content?: string | Buffer;
  yanked?: boolean;
  /** Override the published digest (to simulate a mismatch). */
  sha256?: string;
}

export interface FakePypiVulnerability {
  id: string;
  aliases?: string[];
  details?: string;
  summary?: string | null;
  fixed_in?: string[];
  link?: string;
  source?: string;
  withdrawn?: string | null;
}

export interface FakePypiRelease {
  files: FakePypiFile[];
  requires_dist?: string[] | null;
  vulnerabilities?: FakePypiVulnerability[];
  requires_python?: string | null;
}

/** name (as published) → version → release. */
export type FakePypiProjects = Record<string, Record<string, FakePypiRelease>>;

export interface FakeServer {
  baseUrl: string;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

const normalize = (n: string) => n.replace(/[-_.]+/g, '-').toLowerCase();

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function versionKey(v: string): number[] {
  return v.split(/[^0-9]+/).filter(Boolean).map(Number);
}

export interface FakePypiOptions {
  /** Each distribution file is answered after this long (an audit a person can watch running). */
  fileDelayMs?: number;
  /** Called before a file's body is sent (its path); the answer waits for it (a slow or held download). */
  beforeFile?: (path: string) => Promise<void> | void;
}

export async function startFakePypi(projects: FakePypiProjects, opts: FakePypiOptions = {}): Promise<FakeServer> {
  const requests: string[] = [];
  let baseUrl = '';
  const byNorm = new Map<string, { name: string; releases: Record<string, FakePypiRelease> }>();
  for (const [name, releases] of Object.entries(projects)) byNorm.set(normalize(name), { name, releases });
  const fileBodies = new Map<string, Buffer>();
  let serial = 1000;
  const uploadTime = '2024-01-02T03:04:05';

  const fileJson = (project: string, version: string, f: FakePypiFile, rel: FakePypiRelease) => {
    const body = Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content ?? `fake contents of ${f.filename}`);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const path = `/files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256.slice(4)}/${f.filename}`;
    fileBodies.set(path, body);
    const packagetype = f.packagetype ?? (f.filename.endsWith('.whl') ? 'bdist_wheel' : 'sdist');
    return {
      comment_text: '',
      digests: { blake2b_256: createHash('sha256').update('b2').update(body).digest('hex'), md5: createHash('md5').update(body).digest('hex'), sha256: f.sha256 ?? sha256 },
      downloads: -1,
      filename: f.filename,
      has_sig: false,
      md5_digest: createHash('md5').update(body).digest('hex'),
      packagetype,
      python_version: packagetype === 'sdist' ? 'source' : f.filename.split('-').slice(-3)[0],
      requires_python: rel.requires_python ?? null,
      size: body.length,
      upload_time: uploadTime,
      upload_time_iso_8601: `${uploadTime}.000000Z`,
      url: `${baseUrl}${path}`,
      yanked: f.yanked === true,
      yanked_reason: f.yanked ? 'broken release' : null,
      _project: project,
      _version: version,
    };
  };

  const info = (name: string, version: string, rel: FakePypiRelease) => ({
    author: 'Fake Author',
    classifiers: [],
    description: `${name} ${version}`,
    description_content_type: 'text/plain',
    home_page: '',
    license: 'MIT',
    name,
    package_url: `${baseUrl}/project/${name}/`,
    project_urls: null,
    release_url: `${baseUrl}/project/${name}/${version}/`,
    requires_dist: rel.requires_dist ?? null,
    requires_python: rel.requires_python ?? null,
    summary: `fake ${name}`,
    version,
    yanked: rel.files.length > 0 && rel.files.every((f) => f.yanked),
    yanked_reason: null,
  });

  const vulns = (rel: FakePypiRelease) =>
    (rel.vulnerabilities ?? []).map((v) => ({
      aliases: v.aliases ?? [],
      details: v.details ?? '',
      fixed_in: v.fixed_in ?? [],
      id: v.id,
      link: v.link ?? `https://vulns.example/${v.id}`,
      source: v.source ?? 'osv',
      summary: v.summary ?? null,
      withdrawn: v.withdrawn ?? null,
    }));

  const strip = (f: Record<string, unknown>) => {
    const { _project, _version, ...rest } = f;
    void _project;
    void _version;
    return rest;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
    const file = fileBodies.get(url.pathname);
    if (file) {
      const send = () => {
        if (req.socket.destroyed) return; // the client went away while the answer was held
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.length });
        res.end(file);
      };
      const held = () => (opts.beforeFile ? void Promise.resolve(opts.beforeFile(url.pathname)).then(send, () => req.socket.destroy()) : send());
      if (opts.fileDelayMs) return void setTimeout(held, opts.fileDelayMs);
      return held();
    }
    const m = /^\/pypi\/([^/]+)\/(?:([^/]+)\/)?json\/?$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, { message: 'Not Found' });
    const asked = decodeURIComponent(m[1]);
    const project = byNorm.get(normalize(asked));
    if (!project) return sendJson(res, 404, { message: 'Not Found' });
    if (asked !== normalize(asked)) {
      // PyPI redirects to the normalised name.
      res.writeHead(301, { location: url.pathname.replace(`/pypi/${m[1]}/`, `/pypi/${normalize(asked)}/`) });
      return res.end();
    }
    serial += 1;
    const versions = Object.keys(project.releases).sort((a, b) => {
      const x = versionKey(a);
      const y = versionKey(b);
      for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
      return 0;
    });
    if (m[2]) {
      const version = decodeURIComponent(m[2]);
      const rel = project.releases[version];
      if (!rel) return sendJson(res, 404, { message: 'Not Found' });
      return sendJson(res, 200, {
        info: info(project.name, version, rel),
        last_serial: serial,
        urls: rel.files.map((f) => strip(fileJson(project.name, version, f, rel))),
        vulnerabilities: vulns(rel),
      });
    }
    const finals = versions.filter((v) => !/[a-z]/i.test(v));
    const latest = finals[finals.length - 1] ?? versions[versions.length - 1];
    const latestRel = project.releases[latest];
    const releases: Record<string, unknown[]> = {};
    for (const v of versions) releases[v] = project.releases[v].files.map((f) => strip(fileJson(project.name, v, f, project.releases[v])));
    return sendJson(res, 200, {
      info: info(project.name, latest, latestRel),
      last_serial: serial,
      releases,
      urls: latestRel.files.map((f) => strip(fileJson(project.name, latest, f, latestRel))),
      vulnerabilities: vulns(latestRel),
    });
  });
  baseUrl = await listen(server);
  // Register file bodies up front so file URLs work before any JSON was requested.
  for (const { name, releases } of byNorm.values()) for (const [v, rel] of Object.entries(releases)) for (const f of rel.files) fileJson(name, v, f, rel);
  return { baseUrl, requests, close: closer(server) };
}

export interface FakeNpmAdvisory {
  id: number;
  url: string;
  title: string;
  severity: string;
  vulnerable_versions: string;
  cwe?: string[];
  cvss?: { score: number; vectorString: string | null };
}

export interface FakeAdvisoryServer extends FakeServer {
  /** Each request as received: method, headers, raw body and (when it gunzips and parses) the JSON. */
  received: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; raw: Buffer; json: unknown; gzipped: boolean }>;
}

/**
 * The npm bulk advisory endpoint (`POST /-/npm/v1/security/advisories/bulk`): answers every requested name
 * with all its advisories (the client filters by version). `status` forces an error answer;
 * `delayMs` delays the answer (timeouts).
 */
export async function startFakeNpmAdvisories(db: Record<string, FakeNpmAdvisory[]>, opts: { status?: number; delayMs?: number } = {}): Promise<FakeAdvisoryServer> {
  const requests: string[] = [];
  const received: FakeAdvisoryServer['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      requests.push(url.pathname);
      const raw = Buffer.concat(chunks);
      let json: unknown = null;
      let gzipped = false;
      try {
        json = JSON.parse(gunzipSync(raw).toString('utf8'));
        gzipped = true;
      } catch {
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = null;
        }
      }
      received.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, raw, json, gzipped });
      const answer = () => {
        if (opts.status) return sendJson(res, opts.status, { error: 'forced' });
        if (req.method !== 'POST' || url.pathname !== '/-/npm/v1/security/advisories/bulk') return sendJson(res, 404, { error: 'Not found' });
        if (!json || typeof json !== 'object') return sendJson(res, 400, { error: 'bad body' });
        const out: Record<string, FakeNpmAdvisory[]> = {};
        for (const name of Object.keys(json as Record<string, unknown>)) if (db[name]?.length) out[name] = db[name].map((a) => ({ cwe: [], cvss: { score: 0, vectorString: null }, ...a }));
        sendJson(res, 200, out);
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  const baseUrl = await listen(server);
  return { baseUrl, requests, received, close: closer(server) };
}
