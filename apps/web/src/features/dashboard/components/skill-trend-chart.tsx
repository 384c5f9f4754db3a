import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SKILL_LABELS, SKILLS, type SkillTrendPoint } from '@fluent/contracts';

// Distinct hues and dash patterns, so the lines are told apart without colour too.
const LINES: Record<(typeof SKILLS)[number], { color: string; dash?: string }> = {
  grammar: { color: '#1f6feb' },
  vocabulary: { color: '#2f855a', dash: '6 3' },
  organization: { color: '#9a5b00', dash: '2 3' },
  voiceTone: { color: '#8250df', dash: '8 3 2 3' },
  reading: { color: '#b42318', dash: '12 4' },
};

/** The skill profile over the learner's attempts (recharts; loaded lazily, only with a trend to show). */
export function SkillTrendChart({ points }: { points: SkillTrendPoint[] }) {
  const data = points.map((p, i) => ({ attempt: `#${i + 1} (Test ${p.testId})`, ...p.scores }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="attempt" tick={{ fontSize: 11 }} />
        <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} width={32} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {SKILLS.map((skill) => (
          <Line key={skill} type="monotone" dataKey={skill} name={SKILL_LABELS[skill]} stroke={LINES[skill].color} strokeDasharray={LINES[skill].dash} strokeWidth={2} dot isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
