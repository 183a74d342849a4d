
import { matchAll } from '../match-all.js';/**
 * A tool call written out for the agent to make (second reader, 2026.11.29): a JSON or YAML object naming a tool
 * (`"tool"`, `"name"`, `"tool_name"`, `"function"`) with its arguments (`"arguments"`, `"args"`, `"input"`,
 * `"params"`, `"parameters"`), whose argument values ask for a secret file's contents to be filled in:
 * `"<contents of ~/.ssh/id_rsa>"`, `"{{file:~/.aws/credentials}}"`, `"$(cat ~/.npmrc)"`. The agent fills it and the
 * tool (an issue tracker, a chat, a notes service, any MCP server) carries the secret to whoever reads there.
 *
 * A path handed to a tool (`"path": "~/.ssh/config"` for a read tool) is not its contents, and contents of files
 * that are not secrets (`"<contents of build.log>"`) are not judged here.
 */

/** A value asking for a file's contents: "<contents of X>", "{{file:X}}", "${file(X)}", "$(cat X)", "@X" (curl-style). */
const CONTENTS_OF = /<\s*(?:the\s+)?(?:full\s+)?(?:contents?|text|body|value)\s+of\s+(?:the\s+file\s+)?`?([~$/.\w][^>`\s]{1,200})`?\s*>|\{\{\s*(?:file|read|contents?|include)\s*[:(]\s*([~$/.\w][^}\s)]{1,200})\s*\)?\s*\}\}|\$\{\s*file\(\s*["']?([~$/.\w][^)"'\s]{1,200})["']?\s*\)\s*\}|\$\(\s*cat\s+([~$/.\w][^)\s]{1,200})\s*\)/g;
const TOOL_KEY = /"(?:tool|tool_name|toolName|name|function|method)"\s*:\s*"([\w.:/-]{2,120})"|^\s*(?:tool|tool_name|name|function|method)\s*:\s*["']?([\w.:/-]{2,120})/m;
const ARGS_KEY = /"(?:arguments|args|input|params|parameters)"\s*:|^\s*(?:arguments|args|input|params|parameters)\s*:/m;

export interface ToolCallSend {
  tool: string;
  /** Offsets in the text and the file paths whose contents are asked for. */
  reads: { path: string; at: number }[];
  at: number;
}

/**
 * The same written as a call (`jira_add_attachment(issue: KEY, file: ".env")`, `slack.upload_file(path="~/.ssh/id_rsa")`):
 * a tool whose name attaches, uploads, sends, posts or shares, with a file argument naming a secret file — the tool
 * carries the file's contents to its service, where everyone who reads there has them.
 */
const CALL_TOOL = /\b([A-Za-z][\w.:-]{0,60}?(?:attach|upload|send|post|share|publish|gist)[\w.-]{0,40})\s*\(([^()]{0,800})\)/gi;
const FILE_ARG = /\b(?:file|files|path|paths|filename|file_?path|attachment|attachments|document)\s*[:=]\s*\[?\s*["'`]([^"'`\n]{1,200})["'`]/gi;

function callForm(text: string, isSecret: (path: string) => boolean): ToolCallSend | null {
  if (!/attach|upload|send|post|share|publish|gist/i.test(text)) return null;
  const reads: { path: string; at: number }[] = [];
  let tool = '';
  let at = -1;
  let calls = 0;
  for (const m of matchAll(text, CALL_TOOL)) {
    if (++calls > 50) break;
    for (const f of matchAll(m[2]!, FILE_ARG)) {
      if (!isSecret(f[1]!)) continue;
      reads.push({ path: f[1]!, at: m.index! + m[1]!.length + 1 + f.index! });
      if (at < 0) {
        tool = m[1]!;
        at = m.index!;
      }
    }
    if (reads.length >= 8) break;
  }
  return reads.length ? { tool, reads, at } : null;
}

/** The tool call in a block and the secret files whose contents its arguments carry, or null (`isSecret` decides). */
export function toolCallSend(text: string, isSecret: (path: string) => boolean): ToolCallSend | null {
  if (text.length > 200_000) return null;
  const tool = TOOL_KEY.exec(text);
  const args = ARGS_KEY.exec(text);
  if (!tool || !args) return callForm(text, isSecret);
  const reads: { path: string; at: number }[] = [];
  for (const m of matchAll(text, CONTENTS_OF)) {
    const path = (m[1] ?? m[2] ?? m[3] ?? m[4])!.replace(/["',]+$/, '');
    if (isSecret(path)) reads.push({ path, at: m.index! });
    if (reads.length >= 8) break;
  }
  return reads.length ? { tool: tool[1] ?? tool[2]!, reads, at: tool.index } : callForm(text, isSecret);
}
