import { Monitor, Moon, Sun } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useRef } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { THEME_CHOICES, useTheme, type ThemeChoice } from '@/lib/theme';
import { cn } from '@/lib/utils';

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

const OPTIONS: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

/**
 * Settings, Appearance (issue 33): the theme of this device — System (the default, follows the
 * device's light or dark setting), Light or Dark — as radio cards (arrow keys move between them).
 * Shown on every signed-in role's settings page; kept in this browser only (decision 034).
 */
export function AppearanceCard() {
  const id = useId();
  const { choice, setChoice } = useTheme();
  // A radio group checks the choice an arrow key lands on (WAI-ARIA). Radix checks it only while the
  // key is still down when focus arrives, a timer after the keydown: a quick press (a fast typist, a
  // screen reader's synthetic keys) would only move focus. So the arrow is remembered until focus lands.
  const isArrowing = useRef(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription id={`${id}-description`}>
          How Grip looks on this device. System follows your device&apos;s light or dark setting.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1.5">
        <span id={`${id}-label`} className="text-sm font-medium">
          Theme
        </span>
        <RadioGroup.Root
          value={choice}
          onValueChange={(next) => setChoice(next as ThemeChoice)}
          onKeyDown={(event) => {
            isArrowing.current = ARROW_KEYS.has(event.key);
          }}
          onPointerDown={() => {
            isArrowing.current = false;
          }}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
          className="grid grid-cols-3 gap-2"
        >
          {THEME_CHOICES.map((option) => {
            const { label, icon: Icon } = OPTIONS[option];
            return (
              <RadioGroup.Item
                key={option}
                value={option}
                onFocus={() => {
                  // The choice already checked may take focus again first (seen in Chromium): it is
                  // not where the arrow leads, so the arrow is kept for the next one.
                  if (!isArrowing.current || option === choice) return;
                  isArrowing.current = false;
                  setChoice(option);
                }}
                className={cn(
                  'flex min-h-11 flex-col items-center justify-center gap-1 rounded-lg border border-input bg-background p-2 text-sm font-medium transition-colors',
                  'hover:bg-muted data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </CardContent>
    </Card>
  );
}
