import type { CodegenConfig } from '@graphql-codegen/cli';

// `codegen:check` sets CODEGEN_OUT to a scratch folder and compares it with the committed output.
const output = process.env.CODEGEN_OUT ?? 'src/lib/graphql/generated/';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/lib/graphql/generated/**'],
  ignoreNoDocuments: true,
  generates: {
    [output]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { documentMode: 'string', useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};

export default config;
