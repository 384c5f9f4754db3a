import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';

export function InvalidTest() {
  const navigate = useNavigate();
  return (
    <section className="card notice">
      <h1>Invalid Test Selected</h1>
      <p>Please select a test from the dashboard (Test 1 to Test 20).</p>
      <Button variant="primary" onClick={() => navigate(paths.dashboard)}>
        Go to Dashboard
      </Button>
    </section>
  );
}
