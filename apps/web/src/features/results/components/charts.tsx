import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The results page's charts (recharts). This module is loaded lazily, only on /result, so the
 * chart library never weighs on other pages; the figures are also given as text beside them.
 */

const ACCENT = '#1f6feb';
const MUTED = '#5b6474';

export interface SectionBar {
  name: string;
  correct: number;
  total: number;
}

export function SectionScoresChart({ sections }: { sections: SectionBar[] }) {
  const data = sections.map((s) => ({ ...s, percent: s.total === 0 ? 0 : Math.round((s.correct / s.total) * 100), label: `${s.correct}/${s.total}` }));
  return (
    <div className="results-chart results-chart--bars">
      <ResponsiveContainer width="100%" height={56 * data.length + 30}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fill: MUTED, fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={130} tick={{ fill: MUTED, fontSize: 12 }} />
          <Tooltip formatter={(_value, _name, item) => [(item.payload as { label: string }).label, 'Correct']} />
          <Bar dataKey="percent" fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false}>
            <LabelList dataKey="label" position="right" fill={MUTED} fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TypingSpeedChart({ perSecond, rawWpm }: { perSecond: number[]; rawWpm: number }) {
  const data = perSecond.map((wpm, i) => ({ second: i + 1, wpm: Math.round(wpm) }));
  return (
    <div className="results-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="second" tick={{ fill: MUTED, fontSize: 12 }} label={{ value: 'Second', position: 'insideBottom', offset: -8, fill: MUTED, fontSize: 12 }} />
          <YAxis tick={{ fill: MUTED, fontSize: 12 }} label={{ value: 'WPM', angle: -90, position: 'insideLeft', offset: 12, fill: MUTED, fontSize: 12 }} />
          <Tooltip formatter={(value) => [`${String(value)} WPM`, 'Speed']} labelFormatter={(second) => `Second ${String(second)}`} />
          <ReferenceLine y={rawWpm} stroke={MUTED} strokeDasharray="4 4" />
          <Line type="monotone" dataKey="wpm" stroke={ACCENT} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function SkillProfileChart({ skills }: { skills: { name: string; score: number }[] }) {
  return (
    <div className="results-chart results-chart--bars">
      <ResponsiveContainer width="100%" height={44 * skills.length + 30}>
        <BarChart data={skills} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} tick={{ fill: MUTED, fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={190} tick={{ fill: MUTED, fontSize: 13 }} />
          <Tooltip formatter={(value) => [`${String(value)}/100`, 'Practice estimate']} />
          <Bar dataKey="score" fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false}>
            <LabelList dataKey="score" position="right" fill={MUTED} fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
