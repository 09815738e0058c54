/**
 * Just enough of the Dockerfile syntax to read this project's: comments, line
 * continuations, global ARG defaults in FROM lines, stages, and exec-form arguments.
 */
export interface Instruction {
  /** Upper case: RUN, COPY, ENV… */
  keyword: string;
  /** The rest of the instruction, continuations joined. */
  args: string;
}

export interface Stage {
  /** The base image, global ARGs substituted (a stage built on another: that one's). */
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG defaults declared before the first FROM. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

function instructionsOf(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    // A comment line is dropped, even between the lines of one instruction.
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    pending += `${line.replace(/\\\s*$/, '')} `;
    if (continued) continue;
    const [, keyword, args = ''] = /^\s*(\S+)\s*(.*?)\s*$/s.exec(pending) ?? [];
    pending = '';
    if (keyword)
      instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return instructions;
}

function substitute(value: string, args: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    const found = args[name];
    if (found === undefined) throw new Error(`${whole} names no global ARG`);
    return found;
  });
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructionsOf(text)) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(' ');
      // FROM an earlier stage: that stage's base image.
      const base = stages.find((stage) => stage.name === image)?.image;
      stages.push({
        image: base ?? substitute(image, globalArgs),
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (stage) {
      stage.instructions.push(instruction);
    } else if (instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      globalArgs[name] = value;
    }
  }
  return { globalArgs, stages };
}

/** The instructions of one keyword in a stage. */
export const instructionsIn = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** The exec form (`["node", "main.js"]`) of an ENTRYPOINT or CMD, or null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) return null;
  return parsed;
}

/** ENV instructions' NAME=value pairs (several on one line allowed). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of instructionsIn(stage, 'ENV')) {
    for (const pair of args.match(/\w+=("[^"]*"|\S+)/g) ?? []) {
      const [name = '', ...value] = pair.split('=');
      env[name] = value.join('=').replace(/^"|"$/g, '');
    }
  }
  return env;
}
