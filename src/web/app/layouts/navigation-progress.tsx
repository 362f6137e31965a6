import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code loads, so a slow link never feels dead. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-amber-100" aria-hidden="true">
      <div className="h-full w-1/3 animate-pulse bg-accent-strong" />
    </div>
  );
}
