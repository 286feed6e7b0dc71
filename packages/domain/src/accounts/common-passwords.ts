/**
 * The most common passwords of public breach corpora, refused at sign-up and reset in the browser
 * and on the server. The server also checks a much larger list (see apps/server auth); this short
 * list keeps the web bundle small while catching the worst choices before a round trip.
 */
const COMMON_PASSWORDS = new Set(
  (
    '123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 ' +
    'football monkey letmein shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 ' +
    'superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm ' +
    'asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas ' +
    'hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn ' +
    '555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda ' +
    'summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor ' +
    'matrix minecraft welcome welcome1 password1 password123 admin admin123 qwerty123 1q2w3e4r 1q2w3e ' +
    'passw0rd p@ssw0rd abcdef abcd1234 secret changeme letmein1 iloveyou1 123abc qwe123 zaq12wsx ' +
    'football1 baseball1 azerty 000000000 123456a a123456 grip123 grip1234'
  ).split(' '),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
