import { Router } from 'express';
import { sendPage } from '../render.js';
import { Layout } from '../layout.js';
import { siteUrl } from '../../../shared/urls.js';

/** The certificate browser (spec 4.6 `{site_url}`): server-rendered from the same views as the public API. */
export function siteRouter(): Router {
  const r = Router();
  r.get('/', (_req, res) => {
    sendPage(
      res,
      <Layout title="Certified AI skills">
        <h1>Certified AI skills</h1>
        <form class="inline" action={siteUrl('/certificates')} method="get" role="search">
          <div>
            <label for="q">Search certificates</label>
            <input type="search" id="q" name="q" maxLength={200} />
          </div>
          <button type="submit">Search</button>
        </form>
      </Layout>,
    );
  });
  return r;
}
