export interface SmsMessage {
  to: string; // E.164
  text: string;
}
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
