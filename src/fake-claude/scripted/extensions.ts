import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The skills and slash commands a session finds on disk. */
export interface Extensions {
  /** Skill name → its folder and its SKILL.md body (front matter removed). */
  skills: Map<string, { dir: string; body: string }>;
  /** Command name → its markdown body (front matter removed). */
  commands: Map<string, string>;
}

function withoutFrontMatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** Skills (`<root>/skills/<name>/SKILL.md`) and commands (`<root>/commands/<name>.md`), project first. */
export function discoverExtensions(roots: string[]): Extensions {
  const skills = new Map<string, { dir: string; body: string }>();
  const commands = new Map<string, string>();
  for (const root of roots) {
    const skillsDir = join(root, 'skills');
    if (existsSync(skillsDir)) {
      for (const name of readdirSync(skillsDir).sort()) {
        const file = join(skillsDir, name, 'SKILL.md');
        if (!skills.has(name) && existsSync(file)) {
          skills.set(name, {
            dir: join(skillsDir, name),
            body: withoutFrontMatter(readFileSync(file, 'utf8')),
          });
        }
      }
    }
    const commandsDir = join(root, 'commands');
    if (existsSync(commandsDir)) {
      for (const file of readdirSync(commandsDir).sort()) {
        const name = file.replace(/\.md$/, '');
        if (file.endsWith('.md') && !commands.has(name)) {
          commands.set(name, withoutFrontMatter(readFileSync(join(commandsDir, file), 'utf8')));
        }
      }
    }
  }
  return { skills, commands };
}
