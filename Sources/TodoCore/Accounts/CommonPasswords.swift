/// Passwords people use most, lowercased: refused as new passwords whatever their length.
///
/// Gathered from the published lists of the most common leaked passwords (their top
/// entries, and those of at least ten characters that pass the length rule otherwise).
enum CommonPasswords {
  static func contains(_ lowered: String) -> Bool { passwords.contains(lowered) }

  private static let passwords: Set<String> = [
    "000000", "00000000", "0000000000", "101010", "111111", "11111111", "1111111111", "112233",
    "121212", "123123", "123321", "1234", "12344321", "12345", "123454321", "1234554321",
    "123456", "1234567", "12345678", "123456789", "1234567890", "123654", "123abc", "123qwe",
    "12qwaszx", "147258369", "159357", "159753", "1q2w3e", "1q2w3e4r", "1q2w3e4r5t",
    "1q2w3e4r5t6y", "1qaz2wsx", "1qaz2wsx3edc", "1qazxsw2", "222222", "27653", "333333", "444444",
    "456123", "456789", "555555", "654321", "666666", "696969", "741852963", "777777", "789456",
    "789456123", "888888", "88888888", "963852741", "987654321", "9876543210", "999999", "abc123",
    "abc12345", "abc123456", "abcd1234", "abcdef", "abcdefg", "abcdefgh", "abcdefghij", "access",
    "admin", "admin123", "admin1234", "adminadmin", "administrator", "andrew", "arsenal",
    "asdf1234", "asdfgh", "asdfghjkl", "asdfghjkl1", "asdfqwer", "ashley", "autumn", "azerty",
    "azerty123", "azertyuiop", "bailey", "baseball", "baseball1", "batman", "batman123", "buster",
    "changeme", "changeme123", "charlie", "chelsea", "computer", "daniel", "default", "donald",
    "dragon", "facebook", "family", "flower", "flowers", "football", "football1", "forever",
    "fortnite", "freedom", "friends", "google", "harley", "hello", "hockey", "hunter", "hunter2",
    "iloveu", "iloveyou", "iloveyou1", "iloveyou12", "iloveyou123", "internet", "jennifer",
    "jessica", "jordan23", "joshua", "killer", "letmein", "letmein1", "letmein123", "linkedin",
    "liverpool", "login", "lovely", "loveme", "loveyou", "manchester", "master", "matthew",
    "michael", "michelle", "minecraft", "monkey", "motdepasse", "mustang", "mypassword",
    "mypassword1", "naruto", "nicole", "p@ssw0rd", "p@ssword", "pa$$word", "passw0rd",
    "passw0rd1", "password", "password!", "password1", "password12", "password123",
    "password1234", "passwort", "passwort123", "pokemon", "princess", "princess1", "q1w2e3r4t5",
    "q1w2e3r4t5y6", "qazwsx", "qazwsxedc", "qwe123", "qweasdzxc", "qwerty", "qwerty1", "qwerty12",
    "qwerty123", "qwerty1234", "qwertyasdf", "qwertyu", "qwertyui", "qwertyuiop", "ranger",
    "robert", "root123", "samsung", "secret", "secret123", "shadow", "soccer", "solo",
    "spiderman", "spring", "starwars", "summer", "sunshine", "sunshine1", "superman", "superman1",
    "thomas", "todolist", "todotodo", "toor", "trustno1", "welcome", "welcome1", "welcome123",
    "welcome2024", "welcome2025", "welcome2026", "whatever", "winter", "xsw2zaq1", "zaq12wsx",
    "zaq1xsw2", "zaq1zaq1", "zxcvbn", "zxcvbnm", "zxcvbnm1", "zxcvbnm123",
  ]
}
