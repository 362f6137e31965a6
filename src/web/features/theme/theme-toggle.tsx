import { Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTheme } from './use-theme';

/** A switch between the light and the dark theme; the choice is remembered, and without one the system's setting is followed. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, choose } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('text-stone-100 hover:bg-white/10 hover:text-white', className)}
      aria-pressed={theme === undefined ? undefined : dark}
      onClick={() => choose(dark ? 'light' : 'dark')}
    >
      {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
      <span className="sr-only">Dark theme</span>
    </Button>
  );
}
