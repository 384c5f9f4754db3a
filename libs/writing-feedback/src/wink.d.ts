declare module 'wink-porter2-stemmer' {
  /** The Porter2 ("English" Snowball) stem of a lower-case word. */
  function stem(word: string): string;
  export = stem;
}

declare module 'wink-lemmatizer' {
  /** WordNet-based lemmas of a lower-case word by part of speech; the word itself when none applies. */
  const lemmatizer: {
    noun(word: string): string;
    verb(word: string): string;
    adjective(word: string): string;
  };
  export = lemmatizer;
}
