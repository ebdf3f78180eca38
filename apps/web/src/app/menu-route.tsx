import { MessageButton } from '../features/messages/message-button.tsx';
import { MenuLayout } from '../features/shell/menu-layout.tsx';

/**
 * The screens with the menu: the shell's layout with the messages feature's button. Composed here
 * because features do not import each other (apps/web/README.md).
 */
export function MenuRoute() {
  return <MenuLayout messageButton={<MessageButton />} />;
}
