export function WelcomeBanner() {
  return (
    <section className="welcome-banner">
      <h1>Welcome to Your Learning Journey</h1>
      <p>Enjoy 20 free tests designed to boost your English skills — no limits, no cost!</p>
    </section>
  );
}
