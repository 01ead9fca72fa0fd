import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A small React app on `@ruleloom/client` and `@ruleloom/react`, as an app that installs only
 * those (not `@ruleloom/server`) writes it: type-checked with `skipLibCheck: false`, so every
 * published declaration file must stand alone. Used by the release rehearsal
 * (release-check-user.ts) and by client-types.test.ts.
 */
export const CLIENT_APP_SOURCE = `import {
  createClient,
  parseHttpBody,
  createdMatchSchema,
  type CreatedMatch,
  type RulesClient,
} from '@ruleloom/client';
import { useMatch } from '@ruleloom/react';

/** Creates a match on a server and connects to its first seat. */
export async function join(server: string): Promise<RulesClient> {
  const response = await fetch(\`\${server}/matches\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'pig', players: 2 }),
  });
  const created: CreatedMatch | null = parseHttpBody(createdMatchSchema, await response.json());
  if (created === null) throw new Error('not a created match');
  const seat = created.seats[0];
  if (seat === undefined) throw new Error('no seat');
  return createClient({ type: 'remote', url: server, match: created.match, token: seat.token });
}

/** Shows whose turn it is. */
export function Status(props: { readonly client: RulesClient }) {
  const snapshot = useMatch(props.client);
  return <p>{snapshot.status}</p>;
}
`;

/** The app's tsconfig: strict, React JSX, `skipLibCheck: false`. */
export const CLIENT_APP_TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    target: 'es2022',
    lib: ['es2022', 'dom'],
    module: 'preserve',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    types: [],
    noEmit: true,
  },
  include: ['src'],
};

/** Writes the app (src/app.tsx and tsconfig.json) into `dir`. */
export function writeClientApp(dir: string): void {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'app.tsx'), CLIENT_APP_SOURCE);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    `${JSON.stringify(CLIENT_APP_TSCONFIG, null, 2)}\n`,
  );
}
