/** The part of Telegram's WebApp object (telegram-web-app.js) the app uses. */
type TelegramThemeParams = Partial<
  Record<
    | 'bg_color'
    | 'text_color'
    | 'hint_color'
    | 'link_color'
    | 'button_color'
    | 'button_text_color'
    | 'secondary_bg_color',
    string
  >
>;

interface TelegramWebApp {
  initData: string;
  initDataUnsafe: {
    user?: { id: number; username?: string; first_name?: string };
    start_param?: string;
  };
  platform: string;
  colorScheme: 'light' | 'dark';
  themeParams: TelegramThemeParams;
  ready: () => void;
  expand: () => void;
  BackButton: {
    show: () => void;
    hide: () => void;
    onClick: (cb: () => void) => void;
    offClick: (cb: () => void) => void;
  };
  onEvent: (event: 'themeChanged', cb: () => void) => void;
  /** Opens a Stars invoice link (Bot API createInvoiceLink); absent on old Telegram clients. */
  openInvoice?: (
    url: string,
    callback?: (status: 'paid' | 'cancelled' | 'failed' | 'pending') => void,
  ) => void;
}

interface Window {
  Telegram?: { WebApp?: TelegramWebApp };
}
