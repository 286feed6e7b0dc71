import { PRODUCT_NAME, TAGLINE } from '@grip/domain';
import { ArrowRight, Briefcase, Search } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Logo, LogoMark } from '@/components/ui/logo';
import { AssistantChat } from '@/features/assistant/components/assistant-chat';

/** The spec's two blurbs (titles verbatim); the texts are ours. */
const BLURBS = [
  {
    title: 'For Customers',
    icon: Search,
    text: 'Describe the job once. Local businesses that do that work send you priced offers. Compare them, ask questions, book the one you like, and review it afterwards.',
  },
  {
    title: 'For Businesses',
    icon: Briefcase,
    text: 'See requests in your service area that match what you do. Send a quote, negotiate, chat with the customer and mark jobs complete — all from your phone.',
  },
];

/** The signed-out `/`: welcome, the assistant as a guest, the two audiences and Get Started (spec 1 §1). */
export default function LandingPage() {
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${PRODUCT_NAME} — ${TAGLINE}`}</title>
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo />
        <Button asChild variant="ghost" size="sm">
          <Link to="/auth">Sign In</Link>
        </Button>
      </header>
      <main className="mx-auto grid max-w-5xl gap-12 px-4 pt-8 pb-16 sm:pt-16">
        <section className="grid justify-items-center gap-5 text-center" aria-labelledby="welcome-heading">
          <LogoMark className="size-16" />
          <h1 id="welcome-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Welcome to {PRODUCT_NAME}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{TAGLINE}</p>
          <p className="max-w-xl text-muted-foreground">
            Tell us what you need, get quotes from local businesses, and book the one that suits you.
          </p>
          <Button asChild size="lg">
            <Link to="/auth">
              Get Started
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          </Button>
        </section>

        <section className="mx-auto grid w-full max-w-2xl gap-3" aria-labelledby="assistant-heading">
          <div className="grid gap-1 text-center">
            <h2 id="assistant-heading" className="text-2xl font-semibold tracking-tight">
              Tell us what you need
            </h2>
            <p className="text-muted-foreground">
              Try the assistant: it shows who can help and what jobs like yours usually cost. You sign in only
              when you're ready to send.
            </p>
          </div>
          <AssistantChat variant="guest" />
        </section>

        <section className="grid gap-4 sm:grid-cols-2" aria-label="Who Grip is for">
          {BLURBS.map(({ title, icon: Icon, text }) => (
            <Card key={title}>
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle className="text-lg">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{text}</CardContent>
            </Card>
          ))}
        </section>
      </main>
    </div>
  );
}
