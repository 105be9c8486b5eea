import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The skills and slash commands a session finds on disk. */
export interface Extensions {
  /** Skill name → its folder and its SKILL.md body (front matter removed). */
  skills: Map<string, { dir: string; body: string }>;
  /** Command name → its markdown body (front matter removed). */
  commands: Map<string, string>;
  /** Skills, then commands, with the `description` of their front matter (the model's skills list). */
  listed: Array<{ name: string; description: string }>;
}

/** The `description:` line of a markdown file's front matter ('' without one). */
function descriptionOf(text: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)?.[1] ?? '';
  const line = /^description:[ \t]*(.*)$/m.exec(front)?.[1]?.trim() ?? '';
  return line.replace(/^(["'])(.*)\1$/, '$2');
}

function withoutFrontMatter(text: string): string {
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** Skills (`<root>/skills/<name>/SKILL.md`) and commands (`<root>/commands/<name>.md`), project first. */
export function discoverExtensions(roots: string[]): Extensions {
  const skills = new Map<string, { dir: string; body: string }>();
  const commands = new Map<string, string>();
  const listedSkills: Array<{ name: string; description: string }> = [];
  const listedCommands: Array<{ name: string; description: string }> = [];
  for (const root of roots) {
    const skillsDir = join(root, 'skills');
    if (existsSync(skillsDir)) {
      for (const name of readdirSync(skillsDir).sort()) {
        const file = join(skillsDir, name, 'SKILL.md');
        if (!skills.has(name) && existsSync(file)) {
          const text = readFileSync(file, 'utf8');
          skills.set(name, { dir: join(skillsDir, name), body: withoutFrontMatter(text) });
          listedSkills.push({ name, description: descriptionOf(text) });
        }
      }
    }
    const commandsDir = join(root, 'commands');
    if (existsSync(commandsDir)) {
      for (const file of readdirSync(commandsDir).sort()) {
        const name = file.replace(/\.md$/, '');
        if (file.endsWith('.md') && !commands.has(name)) {
          const text = readFileSync(join(commandsDir, file), 'utf8');
          commands.set(name, withoutFrontMatter(text));
          listedCommands.push({ name, description: descriptionOf(text) });
        }
      }
    }
  }
  return { skills, commands, listed: [...listedSkills, ...listedCommands] };
}
