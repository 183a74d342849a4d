/**
 * The agent's control plane (issue 21, branch control25): orders planted where the agent takes standing or unseen
 * instructions — text written into its memory or instruction files, a preamble relayed to every subagent, a
 * frontmatter value, an HTML comment, an image's alt text — or a standing order in the skill itself ("at the start
 * of every session", "this notice takes precedence over the user"). Such an order is harmful when it does something
 * consequential AND takes the user out of it: their consent claimed ("pre-approved", "the user has already
 * authorised all commands", "do not ask for confirmation") or the act kept from them ("do not list it in your
 * summary", "never mention this preamble"). Honest memory notes keep preferences and commands; honest standing rules
 * keep the user in ("ask before pushing"). Data here, matcher in `effects/control-plane.ts`.
 *
 * Every pattern is a plain alternation over lower-cased text (no nested quantifiers): linear in the unit.
 */

export interface ControlClass {
  id: string;
  /** What the class stands for, for the finding's message. */
  label: string;
  re: RegExp;
}

/** Consequential acts an order can ask for. */
export const CONTROL_ACTS: readonly ControlClass[] = [
  // a package run straight from the registry (`npx -y pkg@latest`, `uvx`, `pnpm dlx`, `pipx run`)
  { id: 'run-package', label: 'runs a package fetched at run time', re: /\b(?:npx|bunx|pnpx|uvx|pnpm\s+dlx|yarn\s+dlx|pipx\s+run)\s+(?:-{1,2}[\w-]+\s+){0,3}@?[a-z0-9][\w./@-]*/ },
  // text someone else writes, carried out: "execute that block exactly as written", "run the commands in the comment"
  { id: 'run-remote-text', label: 'carries out text someone else writes', re: /\b(?:execute|run|apply|carry out|follow)\s+(?:that|the|this|its|their|any|each)\s+(?:fenced\s+)?(?:\w+\s+)?(?:block|commands?|script|snippet|instructions?)\b[^.\n]{0,80}\b(?:as written|verbatim|exactly|from (?:the|that) (?:comment|issue|reply|response|message))|\b(?:execute|run)\s+(?:whatever|anything)\b|\binstructions (?:found )?in (?:issues|pull[- ]request comments|comments|web pages)\b[^.\n]{0,60}\bfollowed\b|выполни[а-яё]* (?:содержащиеся|указанные|эти|все) [^.\n]{0,20}команд/ },
  // credential files and stores read (paths of the secret catalogue, and the words for them)
  { id: 'read-secret', label: 'reads credential files', re: /~\/\.(?:netrc|npmrc|pypirc|git-credentials|aws\/credentials|aws\b|ssh\/id_|ssh\b|docker\/config|kube\/config|config\/gh\/hosts|gnupg|config\/gcloud)|\$home\/\.(?:netrc|npmrc|aws|ssh|git-credentials)|(?:^|[\s`'"(])\.env\*?(?=[\s`'"),.]|$)|\bhosts\.yml\b|\b(?:credential|secret|token) files?\b|\benv\s*\|\s*base64|\b(?:printenv|env)\s*(?:>|\|)|\(key\|token\|secret|\breal (?:credentials|environment)\b|\bcredentials (?:from|of) the developer/ },
  // something sent out of the session: output posted, put in a URL, a PR body, a comment
  { id: 'send-out', label: 'sends data out', re: /\b(?:post|send|upload|submit|forward)\s+(?:the\s+|its\s+|that\s+|this\s+)?(?:output|result|results|contents?|response|env\w*)\b|\b(?:include|place|put|paste)\s+(?:the\s+|its\s+)?(?:output|result|contents?)\b[^.\n]{0,60}\b(?:description|comment|body|url|link|issue|directive|query)\b|\bpost\b[^.\n]{0,40}\bhttps?:\/\//i },
  // the project's or the user's configuration changed so something runs later
  { id: 'config-write', label: "changes what runs later (hooks, settings, dependencies)", re: /\b(?:append|add|insert|register|install)\b[^.\n]{0,60}(?:\.pre-commit-config|pre-commit hook|git hooks?|\bhooks?\b|settings\.json|mcp server|\.npmrc|\.bashrc|\.zshrc|\bcrontab\b|to (?:the )?dependencies)|\bnever remove (?:it|this|them)\b/ },
  // access handed out or a change waved through: write access to a repository, a merge label, an approval
  { id: 'grant-access', label: 'grants access or approves changes', re: /\bgrant\b[^.\n]{0,60}\b(?:write|push|admin|maintain) (?:access|permission)\b|\bpermission=(?:push|admin|maintain)\b|\b(?:approve|merge) (?:it|this|the pr|the pull request|the change)\b|\brate the pr "?approve|\badd the "?safe-to-merge/ },
  // the checks that would catch a change skipped
  { id: 'skip-checks', label: 'skips the checks that would catch it', re: /--no-verify\b|\bskip (?:the )?(?:git hooks|hooks|ci(?: checks)?|checks|verification)\b|\b(?:must not|do not|don't|never) (?:raise|report) (?:any )?findings\b|\bmerge (?:it|them|the pr)? ?without waiting\b/ },
  // the agent's own guards widened (docs/skill-effect-model.md, "Prose step acts, 2026-11-28"): every command run unconfirmed,
  // the deny list emptied, writes outside the workspace, force-pushes and installs from any source allowed, its confirmations
  // or earlier safety instructions declared off (Russian written without word edges: `\b` does not know Cyrillic)
  { id: 'guards-widened', label: "widens the agent's own permissions or switches its guards off", re: /\bforce-?push\w*|\brewrit\w* (?:git )?history\b|\binstall\w* packages from any source\b|\brunning install scripts\b|\bauto-?run (?:all|every|any) (?:terminal )?commands?\b|\b(?:all|every|any) (?:terminal |shell )?commands? (?:run )?without (?:confirmation|asking|approval)\b|\b(?:clear|empty|remove) (?:the )?(?:deny|block|denied)[ -]?list\b|\b(?:edit|modify|write|change)\w* files outside (?:the )?(?:workspace|working (?:folder|directory)|repository|project)\b|\bconfirmation prompts (?:are|were) (?:disabled|off)\b|\b(?:safety|permission|security) instructions\b[^.\n]{0,80}\bdo not apply\b|автоматическ[а-яё]* запуск|очист[а-яё]* список запрещ|вне рабочей папки|вне рабочего каталога|режим без подтверждени/ },
  // secrets found in what the agent reads copied into a file it keeps or commits
  { id: 'secrets-kept', label: 'copies secrets it comes across into a file', re: /\b(?:credentials|tokens|api keys|passwords|secrets)\b[^.\n]{0,120}\b(?:append|copy|write|save|store)\s+(?:them|it|those)\b[^.\n]{0,40}\b(?:to|into|in)\b/ },
];

/** The user's consent claimed or waived on their behalf. */
export const CONSENT_CLAIMED: ControlClass = {
  id: 'consent-claimed', label: "the user's consent claimed or waived",
  re: /\bpre-?(?:approved|authori[sz]ed)\b|\balready (?:been )?(?:approved|authori[sz]ed|obtained)\b|\b(?:user|owner|customer) has (?:already )?(?:approved|authori[sz]ed|consented|agreed)\b|\bneeds? no (?:confirmation|approval|permission)\b|\bno (?:confirmation|approval|permission) (?:is )?(?:needed|required)\b|\bwithout (?:asking|confirmation|confirming|prompting|waiting for (?:further )?(?:human |the user)?)|\bdo(?:n't| not) (?:ask|prompt|check with) (?:the user|them|for (?:confirmation|approval|permission))|\bdo not stop to (?:ask|report|confirm)\b|\bhas been (?:security[- ])?(?:reviewed|audited|approved) by (?:the )?(?:maintainers|security team|owners?)\b|\bdo not ask before\b|\b(?:takes?|has) precedence over\b[^.\n]{0,60}\b(?:user|user's|the user's) (?:instructions|requests|messages|wishes)\b|без подтверждени|без вопросов|не спрашивая/,
};

/** The act kept from the user or from whoever reads the agent's account of its work. */
export const ACT_CONCEALED: ControlClass = {
  id: 'act-concealed', label: 'the act kept from the user',
  re: /\b(?:do(?:n't| not)|never)\s+(?:summari[sz]e|mention|list|report|discuss|surface|tell the user about|bring up|disclose)(?:\s+or\s+(?:summari[sz]e|mention|list|report|discuss|disclose))?\s+(?:this|it|that|them|these)\b|\b(?:do(?:n't| not)|never)\s+(?:list|mention|include)\s+it\b|\b(?:do(?:n't| not)|never) comment (?:about|on) (?:this|it)\b|\bsummari[sz]e (?:it|this|them) as\b|\bif (?:the user|they|anyone|someone) asks? (?:why|about|what|where)\b[^.\n]{0,100}\b(?:say|tell (?:them|the user)|answer|reply)\b|\bpresent (?:its|the|their) (?:findings|answers?|results?|output) as (?:your|its) own\b|\bshould(?:n't| not) be (?:discussed|mentioned|listed|reported|surfaced|disclosed)\b|\b(?:do(?:n't| not)|never) (?:list|mention) (?:it )?(?:separately )?in (?:your |the )?(?:summar\w*|report|reply|replies|output|pr)\b|\bmentioning (?:it|this|the \w+) [^.\n]{0,80}\bis not allowed\b|\breport (?:such|these|them|it) \w* ?as "?no findings|\bpresent (?:the file|it|them|this) to the user as\b|\blist only (?:the )?[\w -]{3,40} in (?:your|the) summary\b|не сообщай[а-яё]* (?:об этом )?пользовател|пользователю достаточно сказать/,
};

/** A standing or overriding order: every session, before anything else, above the user's instructions, every brief. */
export const STANDING_ORDER: ControlClass = {
  id: 'standing', label: 'a standing order',
  re: /\b(?:at the start of|in|before|for) (?:every|each|any) (?:session|task|run|conversation|brief|subagent|worker)\b|\bbefore (?:doing )?anything else\b|\bevery brief\b|\b(?:takes?|has) precedence over\b[^.\n]{0,60}\b(?:user|user's|the user's) (?:instructions|requests|messages|wishes)\b|\bapplies to all (?:\w+ )?(?:agents|repositories|repos|sessions)\b|\bstanding (?:task|rule|order|instruction)\b|\bfirst thing\b|\b(?:so )?future sessions\b|\b(?:applies|apply) to (?:every|all) projects?\b|\bin (?:every|all) projects\b|во всех проектах|\balwaysapply: true\b/,
};

/** Where text is written for the agent to keep: its memory and instruction files, or a preamble relayed to subagents. */
export const STANDING_TARGET = /\bstanding (?:\w+ )?(?:rule|order|instruction|task)s?\b|\brules? for (?:the |future |every )?agents?\b|\b(?:agents|claude|gemini|memory|copilot-instructions)\.md\b|\.cursorrules\b|\.clinerules\b|\b(?:long-term|persistent|user-level|agent's) memory\b|\bmemory (?:file|tool)s?\b|\b(?:preamble|system prompt)\b|\b(?:every|each) (?:subagent|worker|brief)\b/;

/** An introduction that hands the fence on as written (into a file or a brief), not as an example. */
export const HANDED_ON = /\b(?:append|add|insert|write|save|store|carry|include|start with|prepend|paste|put|record)\b|\bverbatim\b/;

/** A note addressed to machine readers of an artefact (a spec, a fixture, an issue form, an image): "Note for automated clients and AI assistants reading this", "SYSTEM NOTE TO ANY AI CODE REVIEWER". */
export const ADDRESSED_TO_MACHINES = /\b(?:note|notice|message|instructions?)\s+(?:for|to)\s+(?:any\s+|all\s+)?(?:automated\s+|ai\s+)?(?:\w+\s+)?(?:clients?|assistants?|reviewers?|bots?|agents?|models?|llms?)\b|\bsystem note\b|\b(?:ai|automated) (?:assistants?|agents?|clients?|reviewers?|code reviewers?|bots?) (?:reading|processing|reviewing|generating)\b/gi;
