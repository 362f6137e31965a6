/** What a key pressed anywhere on the page asks of the player. */
export type PlayerShortcut = 'toggle' | 'back' | 'ahead' | 'next' | 'previous';

/** Input types whose field takes typed text (every type but these). */
const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'image', 'file', 'color']);
/** Roles that take typed letters (text, or a list's type-ahead). */
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'listbox', 'option', 'menu', 'menuitem', 'menubar']);
/** Roles that Space presses or ticks. */
const PRESSED_BY_SPACE = new Set([
  'button',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
]);
/** Roles whose own arrow keys move something. */
const MOVED_BY_ARROWS = new Set([
  'slider',
  'spinbutton',
  'radio',
  'radiogroup',
  'tab',
  'tablist',
  'grid',
  'gridcell',
  'tree',
  'treeitem',
  'scrollbar',
]);

function typesText(element: Element): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return TEXT_ROLES.has(element.getAttribute('role') ?? '');
}

function pressedBySpace(element: Element): boolean {
  if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement || element.tagName === 'SUMMARY') return true;
  return PRESSED_BY_SPACE.has(element.getAttribute('role') ?? '');
}

function movedByArrows(element: Element): boolean {
  if (element instanceof HTMLInputElement) return true;
  return MOVED_BY_ARROWS.has(element.getAttribute('role') ?? '');
}

/**
 * The player's keys, wherever focus is on the page: Space plays or pauses, Left and Right skip 5 seconds, N and
 * P play the next and the previous song. A key keeps its own meaning where it has one: typing in a field,
 * Space on a button it would press, arrows on a slider or a tab list, anything inside an open dialog or
 * menu, with a modifier held, or already answered by the control it was pressed on (the song's own player).
 */
export function playerShortcut(event: KeyboardEvent): PlayerShortcut | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return null;
  if (target && typesText(target)) return null;
  switch (event.key) {
    case ' ':
      return target && pressedBySpace(target) ? null : 'toggle';
    case 'ArrowLeft':
    case 'ArrowRight':
      if (event.shiftKey || (target && movedByArrows(target))) return null;
      return event.key === 'ArrowLeft' ? 'back' : 'ahead';
    case 'n':
    case 'N':
      return event.repeat ? null : 'next';
    case 'p':
    case 'P':
      return event.repeat ? null : 'previous';
    default:
      return null;
  }
}
