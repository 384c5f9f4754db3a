import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SignInCard } from '@/features/auth/components/sign-in-card';
import { useAuthState } from '@/lib/auth/auth-provider';
import { Button } from '@/components/ui/button';

export function LandingRoute() {
  const navigate = useNavigate();
  const auth = useAuthState();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-heading">
        <p className="eyebrow">English writing and typing practice</p>
        <h1 id="hero-heading">Practise the English writing and typing test, against the clock</h1>
        <p>
          Twenty timed mock tests — typing, sentence completion, fill in the blanks, jumbled words, passage
          reconstruction and email writing — scored the moment you finish.
        </p>
        <ul className="hero-points" aria-label="What every test includes">
          <li>Six timed sections, about 40 minutes</li>
          <li>Scores the moment you finish</li>
          <li>Three tests free, no card needed</li>
        </ul>
        <div className="hero-actions">
          <Button variant="primary" onClick={() => navigate(paths.login)}>
            Take the Test
          </Button>
          <Button onClick={() => navigate(paths.about)}>
            Learn More
          </Button>
        </div>
      </section>
      {auth.status === 'signed-in' ? (
        <section className="card sign-in-card">
          <h2>Welcome back</h2>
          <p>You are signed in{auth.user.email ? ` as ${auth.user.email}` : ''}.</p>
          <Button variant="primary" block onClick={() => navigate(paths.dashboard)}>
            Go to your dashboard
          </Button>
        </section>
      ) : (
        <SignInCard />
      )}
    </div>
  );
}
