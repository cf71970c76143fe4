// An invitation as a phone user expects it (issue 36): the link with the phone's share sheet
// (the Web Share API, where there is one), Copy, and a QR code that another phone at the table
// scans to take the seat. The server draws the QR code (POST .../seats/N/qr: only for the
// seat's open invitation) as SVG; it is shown as an image (a data: URL, which the security
// policy allows for images), never put into the page as markup.
import { errorText } from "./problems.js";
import { inviteLink } from "./tokens.js";
import { el, toast } from "./ui.js";

const pictures = new Map();  // invite code -> Promise of its QR code's SVG text (or null)

function qrPicture(gameId, seat, code) {
  if (!pictures.has(code)) {
    pictures.set(code, fetch(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/qr`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite: code }),
    }).then((res) => (res.ok ? res.text() : null)).catch(() => null));
  }
  return pictures.get(code);
}

// The QR code of `seat`'s invitation as an <img> (asked of the server once per invitation);
// null for an older game's link (a token) or when the server refuses (the invitation is spent).
export async function inviteQr(gameId, seat, invitation, t) {
  if (!invitation || typeof invitation !== "object") return null;
  const picture = await qrPicture(gameId, seat, invitation.invite);
  if (!picture) { pictures.delete(invitation.invite); return null; }
  return el("img", { class: "qr", alt: t("invite.qr_alt"), width: 180, height: 180,
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(picture)}` });
}

async function copy(url, input, t) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("game.copied"));
  } catch {
    input.select();
    document.execCommand("copy");
    toast(t("game.copied"));
  }
}

// The box of `seat`'s invitation: the link, Share (where the device has a share sheet), Copy,
// and its QR code (`qr`: false leaves it out).
export function inviteBox(gameId, seat, invitation, t, { qr = true, name = "" } = {}) {
  const url = inviteLink(gameId, seat, invitation);
  const input = el("input", { value: url, readonly: true, "aria-label": t("game.invite") });
  const buttons = [];
  if (navigator.share) {
    buttons.push(el("button", { type: "button", class: "share", text: t("invite.share"), onclick: async () => {
      try { await navigator.share({ title: t("invite.share_title"), text: t("invite.share_text", { name }), url }); } catch (err) {
        if (err && err.name !== "AbortError") toast(errorText({ status: -1, message: err.message }), "error");
      }
    } }));
  }
  buttons.push(el("button", { type: "button", class: "copy", text: t("game.copy"), onclick: () => copy(url, input, t) }));
  const box = el("div", { class: "invite-box", "data-seat": seat },
    el("div", { class: "tag", text: t("game.invite_hint") }),
    el("div", { class: "invite" }, input, ...buttons));
  if (qr) {
    const holder = el("figure", { class: "qr-holder" });
    box.append(holder);
    inviteQr(gameId, seat, invitation, t).then((img) => {
      if (!img) { holder.remove(); return; }
      holder.replaceChildren(img, el("figcaption", { class: "tag", text: t("invite.qr_hint") }));
    });
  }
  return box;
}
