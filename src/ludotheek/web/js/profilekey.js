// The profile this browser plays as: {id, name, secret}, kept in localStorage. The secret
// is the profile's only key (there is no password): it moves to another device as a link
// (/profile#key=CODE) or as the code itself.
import { api } from "./api.js";

const KEY = "ludotheek.profile";

export function myProfile() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY));
    return p && p.id && p.secret ? p : null;
  } catch { return null; }
}

export function keepProfile(profile) {
  localStorage.setItem(KEY, JSON.stringify({ id: profile.id, name: profile.name, secret: profile.secret }));
}

export function forgetProfile() { localStorage.removeItem(KEY); }

// "ABCD-EFGH-JKMN-PQRS-TVWX"
export function codeOf(secret) { return secret.match(/.{1,4}/g).join("-"); }

export function linkOf(secret) { return `${location.origin}/profile#key=${codeOf(secret)}`; }

// A new profile named `name`, kept here.
export async function makeProfile(name) {
  const res = await api.post("/api/profiles", { name });
  const profile = { id: res.id, name: res.name, secret: res.secret };
  keepProfile(profile);
  return profile;
}
