import { readFileSync } from 'node:fs';
import ort from 'onnxruntime-node';
import { questionBank } from '@fluent/question-bank';
import { wordPieceVocabulary, maskedLmMatches, sentencesOf } from '@fluent/writing-feedback';
const dir = '/work/.fluent-cache/masked-lm-1.0.0';
const vocab = wordPieceVocabulary(readFileSync(`${dir}/vocab.txt`, 'utf8'));
const session = await ort.InferenceSession.create(`${dir}/model.onnx`, { intraOpNumThreads: 2 });
const model = async (b) => { const out = await session.run({ ids: new ort.Tensor('int32', b.ids, [b.copies, b.width]), mask: new ort.Tensor('int32', b.mask, [b.copies, b.width]), positions: new ort.Tensor('int32', b.positions, [b.masks, 2]) }); const t = Object.values(out)[0]; return { logp: t.data, vocabulary: t.dims[1] }; };
const p = questionBank().passages.find((x) => x.sentences.includes('the Earth behaves'));
console.log(p.sentences);
for (const s of sentencesOf(p.sentences)) {
  const alone = await maskedLmMatches(s.text, model, vocab);
  console.log(JSON.stringify(s.text), alone.map((m) => [s.text.slice(m.offset, m.offset + m.length), m.ruleId]));
}
const all = await maskedLmMatches(p.sentences, model, vocab);
console.log('whole', all.map((m) => [p.sentences.slice(m.offset, m.offset + m.length), m.ruleId]));
