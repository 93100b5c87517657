/** The company's US number, `(239) 555-0142` → `+12395550142`, for tel: links and schema.org. */
export function e164(phone: string): string {
  return `+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`;
}
