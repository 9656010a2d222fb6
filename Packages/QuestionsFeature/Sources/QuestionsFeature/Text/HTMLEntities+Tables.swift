extension HTMLEntities {
    /// The named references people meet in practice: markup, punctuation, Latin-1 letters, arrows, maths.
    static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
        "shy": "\u{00AD}", "ndash": "–", "mdash": "—", "hellip": "…", "bull": "•", "middot": "·",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
        "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "prime": "′", "Prime": "″",
        "dagger": "†", "Dagger": "‡", "permil": "‰", "sect": "§", "para": "¶", "copy": "©", "reg": "®",
        "trade": "™", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷", "minus": "−", "micro": "µ",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³",
        "iexcl": "¡", "iquest": "¿", "cent": "¢", "pound": "£", "yen": "¥", "euro": "€", "curren": "¤",
        "not": "¬", "ordf": "ª", "ordm": "º", "acute": "´", "uml": "¨", "cedil": "¸", "macr": "¯",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "lArr": "⇐", "rArr": "⇒",
        "hArr": "⇔", "ne": "≠", "le": "≤", "ge": "≥", "asymp": "≈", "equiv": "≡", "infin": "∞",
        "sum": "∑", "prod": "∏", "radic": "√", "part": "∂", "nabla": "∇", "isin": "∈", "empty": "∅",
        "and": "∧", "or": "∨", "cap": "∩", "cup": "∪", "forall": "∀", "exist": "∃", "lowast": "∗",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ", "mu": "μ",
        "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "omega": "ω", "Delta": "Δ", "Sigma": "Σ",
        "Omega": "Ω", "szlig": "ß", "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä",
        "Aring": "Å", "AElig": "Æ", "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë",
        "Igrave": "Ì", "Iacute": "Í", "Icirc": "Î", "Iuml": "Ï", "ETH": "Ð", "Ntilde": "Ñ", "Ograve": "Ò",
        "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ", "Ouml": "Ö", "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú",
        "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý", "THORN": "Þ", "agrave": "à", "aacute": "á", "acirc": "â",
        "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ", "ccedil": "ç", "egrave": "è", "eacute": "é",
        "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï", "eth": "ð",
        "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "ouml": "ö", "oslash": "ø",
        "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý", "thorn": "þ", "yuml": "ÿ",
        "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "fnof": "ƒ", "circ": "ˆ",
        "tilde": "˜",
    ]

    /// What browsers show for numeric references to the C1 control range (HTML's Windows-1252 table).
    static let windows1252Replacements: [UInt32: Unicode.Scalar] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
        0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
        0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]
}
