import { describe, expect, it } from "vitest";
import { hoursText, weekOrder } from "../../src/lib/office-hours.ts";

describe("hoursText", () => {
  it.each([
    // The seed's own text, in both languages.
    [["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "08:00", "17:00", "Monday to Friday, 8 am to 5 pm", "De lunes a viernes, de 8 am a 5 pm"],
    // Days apart are listed; minutes and noon are written as a clock reads them.
    [["Monday", "Wednesday", "Friday"], "07:30", "12:00", "Monday, Wednesday and Friday, 7:30 am to 12 pm", "Lunes, miércoles y viernes, de 7:30 am a 12 pm"],
    // Two days in a row are named both; a run of three or more is a range.
    [["Saturday", "Sunday"], "09:00", "13:00", "Saturday and Sunday, 9 am to 1 pm", "Sábado y domingo, de 9 am a 1 pm"],
    [["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], "08:00", "16:45", "Monday to Saturday, 8 am to 4:45 pm", "De lunes a sábado, de 8 am a 4:45 pm"],
    [["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], "06:00", "18:00", "Every day, 6 am to 6 pm", "Todos los días, de 6 am a 6 pm"],
    // Given in any order, written in the week's order.
    [["Friday", "Monday", "Tuesday", "Wednesday", "Thursday", "Sunday"], "08:00", "17:00", "Monday to Friday and Sunday, 8 am to 5 pm", "De lunes a viernes y domingo, de 8 am a 5 pm"],
  ])("%j %s–%s", (days, opens, closes, en, es) => {
    expect(hoursText(days, opens, closes, "en")).toBe(en);
    expect(hoursText(days, opens, closes, "es")).toBe(es);
  });
});

describe("weekOrder", () => {
  it("keeps real day names once, Monday first, whatever their case", () => {
    expect(weekOrder(["friday", "Monday", "Funday", "Monday "])).toEqual(["Monday", "Friday"]);
  });
});
