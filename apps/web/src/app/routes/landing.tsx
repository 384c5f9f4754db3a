import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

export function LandingRoute() {
  const navigate = useNavigate();
  return (
    <section className="hero">
      <h1>Practise the English writing and typing test, against the clock</h1>
      <p>
        Twenty timed mock tests — typing, sentence completion, fill in the blanks, jumbled words, passage
        reconstruction and email writing — scored the moment you finish.
      </p>
      <div className="hero-actions">
        <button type="button" className="button primary" onClick={() => navigate(paths.login)}>
          Take the Test
        </button>
        <button type="button" className="button" onClick={() => navigate(paths.about)}>
          Learn More
        </button>
      </div>
    </section>
  );
}
