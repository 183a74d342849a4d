/**
 * Body of a skill analysis thread (see skill-pool.ts): loads the parsers once, then analyses one skill
 * at a time and posts the bounded report back. Nothing here touches the database, the network or the disk.
 */
import { loadParsers } from '../parsers/tree-sitter.js';
import { serveTasks } from '../threads/thread-body.js';
import type { ParsedSkill } from '../skills/types.js';
import { useThreadAnalysisSettings } from './analysis-settings.js';
import { finishedReport } from './report-limits.js';

useThreadAnalysisSettings();
serveTasks((skill: ParsedSkill) => finishedReport(skill), loadParsers);
