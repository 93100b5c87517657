/**
 * The most common passwords of 8 characters or more, as they appear at the top of published
 * breach-frequency lists (SecLists' 10k most common, the NCSC 100k list). Comparison is
 * case-insensitive. A full breached-password check (e.g. k-anonymity against HIBP) would need a
 * network call per sign-up; this short list stops the passwords attackers try first.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "11111111", "111111111",
  "00000000", "000000000", "87654321", "987654321", "0987654321", "11223344", "12344321",
  "123456780", "1234554321", "11112222", "12341234", "123412345", "147258369", "159357456",
  "741852963", "789456123", "123654789", "147852369", "88888888", "66666666", "99999999",
  "22222222", "55555555", "77777777", "12121212", "13131313", "69696969", "1q2w3e4r",
  "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4", "q1w2e3r4t5", "1qaz2wsx", "1qaz2wsx3edc",
  "zaq12wsx", "zaq1zaq1", "qazwsxedc", "qwertyuiop", "qwerty123", "qwerty12", "qwerty1234",
  "qwertyui", "asdfghjkl", "asdfasdf", "asdf1234", "zxcvbnm1", "zxcvbnm123", "1234qwer",
  "qweasdzxc", "qwer1234", "abcd1234", "abc12345", "abc123456", "abcdefgh", "abcdefg1",
  "a1b2c3d4", "aa123456", "aaaaaaaa", "password", "password1", "password12", "password123",
  "password1234", "password!", "passw0rd", "p@ssword", "p@ssw0rd", "pa$$word", "pa55word",
  "passpass", "password01", "mypassword", "newpassword", "secretpassword", "changeme",
  "changeme123", "letmein1", "letmein123", "welcome1", "welcome123", "welcome2024",
  "welcome2025", "iloveyou", "iloveyou1", "iloveyou2", "trustno1", "sunshine", "sunshine1",
  "princess", "princess1", "football", "football1", "baseball", "basketball", "superman",
  "batman123", "starwars", "whatever", "computer", "internet", "michelle", "jennifer",
  "jordan23", "liverpool", "chelsea1", "arsenal1", "midnight", "charlie1", "master123",
  "masterkey", "administrator", "admin123", "admin1234", "administrator1", "rootroot",
  "root1234", "test1234", "testtest", "test12345", "guest123", "user1234", "login123",
  "access14", "letmeinnow", "dragon123", "monkey123", "shadow12", "mustang1", "michael1",
  "jessica1", "ashley12", "harley12", "hunter12", "ranger12", "soccer12", "killer12",
  "freedom1", "blink182", "123abc123", "qwertyqwerty", "q1w2e3r4t5y6", "zxcvbnma",
  "1111111111", "0000000000", "1234567891", "12345qwert", "123qweasd", "123qweasdzxc",
  "qazxswedc", "summer2024", "summer2025", "winter2024", "spring2024", "autumn2024",
  "january1", "december", "september", "november", "basketball1", "butterfly", "chocolate",
  "cookie123", "elephant", "snoopy12", "pokemon1", "minecraft", "fortnite", "naruto123",
  "samsung1", "samsung123", "iphone123", "google123", "facebook", "facebook1", "linkedin",
  "twitter1", "yankees1", "cowboys1", "steelers", "dolphins", "florida1", "miami123",
  "capecoral", "boating1", "fishing1", "marine123", "docks123", "seawall1", "nothing1",
  "123456abc", "abcabc123", "asdfghjk", "azertyuiop", "motdepasse", "passwort", "contraseña",
  "senha123", "1234abcd", "loveyou1", "lovelove", "babygirl1", "babygirl", "angel123",
  "forever1", "family123", "jesus123", "blessed1", "godisgood", "happy123", "sweetie1",
  "unknown1", "secret123", "default1", "security", "superuser", "qwerty123456", "1qazxsw2",
];
