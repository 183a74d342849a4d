/**
 * npm scopes owned by the vendor they name, beyond the scopes of the top-1,000 packages (shared/packages/data/top-npm.json).
 * A scope is owned: only its organisation publishes under it. Agent skills install and run vendors' tools and MCP
 * servers by scoped name (`npx -y @anthropic-ai/claude-code`, `@modelcontextprotocol/server-filesystem`), and a vendor's
 * real scope often carries a suffix (`-ai`, `hq`, `-database`) that a look-alike check would otherwise read as an
 * imitation of the brand. With these known, the real scope is the vendor's and a scope one or two letters from it
 * (`@anthroplc-ai`, `@modeicontextprotocol`) imitates it.
 *
 * Each entry was checked on the npm registry on 2026-11-28: a package of the scope (named beside it) whose
 * `repository` or `homepage` is the vendor's own. World knowledge, like the top-package lists; not a list of hosts
 * or files from any corpus.
 */
export const VENDOR_SCOPES: ReadonlyMap<string, string> = new Map([
  ['anthropic-ai', '@anthropic-ai/claude-code → github.com/anthropics/claude-code'],
  ['openai', '@openai/codex → github.com/openai/codex'],
  ['modelcontextprotocol', '@modelcontextprotocol/sdk → github.com/modelcontextprotocol/typescript-sdk'],
  ['google', '@google/gemini-cli → github.com/google-gemini/gemini-cli'],
  ['cloudflare', '@cloudflare/workers-types → github.com/cloudflare/workerd'],
  ['mistralai', '@mistralai/mistralai → github.com/mistralai/client-ts'],
  ['huggingface', '@huggingface/inference → github.com/huggingface/huggingface.js'],
  ['langchain', '@langchain/core → github.com/langchain-ai/langchainjs'],
  ['notionhq', '@notionhq/client → github.com/makenotion/notion-sdk-js'],
  ['linear', '@linear/sdk → github.com/linear/linear'],
  ['slack', '@slack/web-api → github.com/slackapi/node-slack-sdk'],
  ['sentry', '@sentry/node → github.com/getsentry/sentry-javascript'],
  ['supabase', '@supabase/supabase-js → github.com/supabase/supabase-js'],
  ['stripe', '@stripe/stripe-js → stripe.com/docs/js'],
  ['upstash', '@upstash/redis → github.com/upstash/redis-js'],
  ['neondatabase', '@neondatabase/serverless → github.com/neondatabase/serverless'],
  ['clerk', '@clerk/clerk-js → github.com/clerk/javascript'],
  ['playwright', '@playwright/mcp → github.com/microsoft/playwright-mcp'],
  ['azure', '@azure/identity → github.com/Azure/azure-sdk-for-js'],
  ['microsoft', '@microsoft/teams-js → github.com/OfficeDev/microsoft-teams-library-js'],
  ['shopify', '@shopify/cli → github.com/Shopify/cli'],
  ['figma', '@figma/code-connect → github.com/figma/code-connect'],
  ['pinecone-database', '@pinecone-database/pinecone → github.com/pinecone-io/pinecone-ts-client'],
  ['qdrant', '@qdrant/js-client-rest → github.com/qdrant/qdrant-js'],
  ['browserbasehq', '@browserbasehq/stagehand → github.com/browserbase/stagehand'],
  ['e2b', '@e2b/code-interpreter → github.com/e2b-dev/e2b'],
  ['composio', '@composio/core → github.com/ComposioHQ/composio'],
  ['smithery', '@smithery/cli → github.com/smithery-ai/cli'],
  // (Google Cloud's client libraries and its quickstarts' OAuth helper, `@google-cloud/local-auth`; round fair23;
  // both checked on the npm registry on 2026-11-29)
  ['google-cloud', '@google-cloud/storage → github.com/googleapis/google-cloud-node'],
  ['googleapis', '@googleapis/sheets → github.com/googleapis/google-api-nodejs-client'],
]);
