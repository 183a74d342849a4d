import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSkill } from '../../shared/skills/parse.js';
import { receivedSkill, skillHandOff } from '../../shared/sandbox/skill-hand-off.js';

/**
 * The parsed skill posted to an analysis thread carries its text once (shared/sandbox/skill-hand-off.ts):
 * what the thread rebuilds after a structured clone is the skill that was posted, member for member.
 */
const parse = (text: string) => parseSkill(text, { field: 'skillMdContent' });
const through = (s: ReturnType<typeof parse>) => receivedSkill(structuredClone(skillHandOff(s)));

test('a skill with frontmatter: posted without its body, rebuilt equal', () => {
  const skill = parse('---\r\nname: hand-off\r\ndescription: Posts a skill once.\r\n---\r\n# Hand-off\r\n\r\nRun `ls`.\r\n');
  const posted = skillHandOff(skill);
  assert.is(posted.body, undefined);
  const copies = (v: unknown) => JSON.stringify(v).split('Run `ls`.').length - 1;
  assert.is(copies(skill), 2);
  assert.is(copies(posted), 1, 'the text once');
  assert.equal(through(skill), skill);
  assert.is(through(skill).body, skill.body);
});

test('a file without frontmatter (the body is the whole file) and an empty body', () => {
  const bare = parse('# Only a heading\n\nSome prose.\n');
  assert.is(skillHandOff(bare).body, undefined);
  assert.equal(through(bare), bare);
  const empty = parse('---\nname: empty-body\ndescription: Nothing after the frontmatter.\n---');
  assert.equal(through(empty), empty);
});

test('a hand-built skill whose body is not the tail of its content is posted whole', () => {
  const skill = { ...parse('---\nname: literal\ndescription: Built by hand.\n---\nbody text\n'), body: 'something else' };
  assert.is(skillHandOff(skill), skill);
  assert.equal(through(skill), skill);
});

test('a parsed skill whose body was replaced since is compared again: a body that is not the tail travels whole', () => {
  const skill = parse('---\nname: replaced\ndescription: Body replaced after the parse.\n---\nthe parsed body\n') as { body: string } & ReturnType<typeof parse>;
  skill.body = 'another body';
  assert.is(skillHandOff(skill), skill);
  skill.body = 'the parsed body\n'.slice(0);
  assert.equal(through(skill), skill);
});

test('the parser invariant the hand-off relies on: body is the tail of content (CRLF, BOM, leading blank lines, no frontmatter, empty body)', () => {
  for (const text of ['\uFEFF---\r\nname: a-skill\r\ndescription: d.\r\n---\r\nx\r\n', '\n\n---\nname: b-skill\ndescription: d.\n---\n\n# B\n', 'no frontmatter at all\n', '---\nname: c-skill\ndescription: d.\n---']) {
    const s = parse(text);
    assert.ok(s.content.endsWith(s.body), JSON.stringify(text));
  }
});

test.run();
