import { Router, type Request, type Response } from 'express';
import { sendPage } from '../render.js';
import { Layout } from '../layout.js';
import { siteUrl } from '../../../shared/urls.js';
import { CertificateSearchQuery, PageQuery, parseInput } from '../../../shared/api/schemas.js';
import { listCertificates } from '../../../shared/certificates/listing.js';
import { loadPackageRead } from '../../../shared/packages/views.js';
import { agentProfile, agentSkills, validatorWork } from '../../../shared/directory/views.js';
import { validatorRevenue, walletParam } from '../../../shared/economy/views.js';
import { packageRefOf } from '../../http/routes/packages.js';
import { CertificateList } from './parts.js';
import { CertificatePage, certificatePageData } from './certificate.js';
import { PackagePage } from './package.js';
import { AgentPage, ValidatorPage } from './wallets.js';
import { sendBadge } from './badge.js';
import { limitByIp } from '../../http/rate-limit.js';

function SearchForm({ q }: { q?: string }) {
  return (
    <form class="inline" action={siteUrl('/certificates')} method="get" role="search">
      <div>
        <label for="q">Search certificates</label>
        <input type="search" id="q" name="q" maxLength={200} value={q ?? ''} placeholder="name or words of the description" />
      </div>
      <button type="submit">Search</button>
    </form>
  );
}

/** The certificate browser (spec 4.6 `{site_url}`): server-rendered from the same views as the public API. */
/** The directory API's own page query (`limit`, `cursor`): a bad cursor is the same 400. */
const pageOf = (req: Request) => parseInput(PageQuery, { limit: req.query.limit, cursor: req.query.cursor }, 'query');

export function siteRouter(): Router {
  const r = Router();
  // Pages read what the public API reads, so they share its per-IP limit (a 429 here is an HTML page).
  // The badge is not limited: README image proxies fetch it for many readers from few addresses.
  const perIp = limitByIp('public');

  r.get('/', perIp, async (_req, res) => {
    const recent = await listCertificates({ limit: 10 });
    sendPage(
      res,
      <Layout title="Certified AI skills">
        <h1>Certified AI skills</h1>
        <p>
          Every skill here was reviewed in a sandbox and by a council of validators before its certificate was signed. Look one up before you let an agent use
          it.
        </p>
        <SearchForm />
        <section aria-labelledby="recent">
          <h2 id="recent">Recently certified</h2>
          {recent.items.length ? <CertificateList items={recent.items} /> : <p>No certificates yet.</p>}
          <p>
            <a href={siteUrl('/certificates')}>All certificates</a>
          </p>
        </section>
        <section aria-labelledby="agents">
          <h2 id="agents">For agents</h2>
          <ul>
            <li>
              <a href={siteUrl('/skill.md')}>The agent skill file</a>: how an agent submits, verifies and flags skills.
            </li>
            <li>
              <a href={siteUrl('/.well-known/skill-store')}>The discovery manifest</a>: every endpoint, machine-readable.
            </li>
          </ul>
        </section>
      </Layout>,
    );
  });

  r.get('/certificates', perIp, async (req, res) => {
    const q = parseInput(CertificateSearchQuery, req.query, 'query');
    const list = await listCertificates(q);
    const title = q.q ? `Certificates matching “${q.q}”` : 'Certificates';
    sendPage(
      res,
      <Layout title={title}>
        <h1>{title}</h1>
        <SearchForm q={q.q} />
        <p role="status">
          {list.items.length === 0
            ? q.q
              ? 'No certificate matches these words.'
              : 'No certificates yet.'
            : `${list.items.length} certificate${list.items.length === 1 ? '' : 's'}, newest first${list.items.length === q.limit ? ` (the first ${q.limit})` : ''}.`}
        </p>
        <CertificateList items={list.items} />
      </Layout>,
    );
  });

  r.get('/certificates/:skillId', perIp, async (req, res) => {
    sendPage(res, <CertificatePage d={await certificatePageData(String(req.params.skillId))} />);
  });

  r.get('/packages/:registry/*rest', perIp, async (req, res) => {
    // The API's own parser: scoped npm names span two segments, the version is read from the right.
    const raw = req.params.rest as unknown;
    const { ref } = packageRefOf(String(req.params.registry), Array.isArray(raw) ? raw.map(String) : String(raw).split('/'));
    sendPage(res, <PackagePage read={await loadPackageRead(ref)} />, { cacheControl: 'public, max-age=60' });
  });

  r.get('/agents/:walletAddress', perIp, async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    const page = pageOf(req);
    const [profile, skills] = await Promise.all([agentProfile(wallet), agentSkills(wallet, page)]);
    sendPage(res, <AgentPage profile={profile} skills={skills} wallet={wallet} limit={page.limit} />);
  });

  r.get('/validators/:walletAddress', perIp, async (req, res) => {
    const wallet = walletParam(String(req.params.walletAddress));
    const page = pageOf(req);
    const work = await validatorWork(wallet, page);
    sendPage(res, <ValidatorPage work={work} revenue={await validatorRevenue(wallet)} wallet={wallet} limit={page.limit} />);
  });

  r.get('/badge/:file', (req: Request, res: Response) => sendBadge(String(req.params.file), res));

  return r;
}
