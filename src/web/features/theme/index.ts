// What the theme feature offers the layouts: the light/dark switch.
export { ThemeToggle } from './theme-toggle';
