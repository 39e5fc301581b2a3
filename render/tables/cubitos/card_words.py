"""Tooltip words for the Cubitos ability cards: what each card does, in a line of our own.

``CARD_WORDS`` maps every card name in ``game.cubitos.cards.CARDS`` to a short summary of its
ability (about 110 characters at most), paraphrased from the rulebook's card clarifications and the
DESIGN amounts in ``game/cubitos/cards.py``. A card whose power face does more says both parts as
"symbol: …; power: …". Timing is left to ``TIMING_WORDS`` (keyed by ``Card.timing``), except on
cards whose parts fire at different times, which name each part's moment.
"""
from __future__ import annotations

CARD_WORDS: dict[str, str] = {
    # white, cat
    "Smelly Cat": "+2 movement.",
    "Cat Tastrophy": "Take a free die costing no more than your fan count; it goes to your Discard.",
    "Fat Cat": "+3 movement, but you must also take a gray die into your Discard if any are left.",
    "Dope Cat": "+2 money with a brown die active; +3 money with a green die active (both can apply).",
    "Broken Cow": "Needs 2 cats: put any tray die in Active free, on a face you pick; it is lost at round end.",
    "Fast Cat": "Roll 2 dice from your Draw Zone for free; that roll can't bust.",
    "Schmutz": "+1 movement; +3 credits as well if you lost a die this round.",
    # brown, dog: every dog is lost once used
    "Rich Dog": "+3 money, then the dog is lost.",
    "Captain Bark": "White + red active: 1 fan-track step (draw tokens only). Also +2 credits, then lose the dog.",
    "Wizard": "Active: +1 credit after each push that doesn't bust. Run: the dog is lost.",
    "Dapper Doggie": "Collect the money and movement of your active gray dice a second time; then lose the dog.",
    "Dr. Livingstone": "+2 movement, then the dog is lost.",
    "Mr. Dog": "+2 credits, then the dog is lost.",
    "Muggles": "Now: free roll of 2 Draw Zone dice (can't bust). Run: +2 money, then lose the dog.",
    # red, swords
    "Mr. Soldier": "Most swords: +3 credits and +2 movement.",
    "Punch Guy": "Most swords: next round, your white and green dice don't count toward the draw amount.",
    "Supah General!": "Most swords: movement equal to your fan count.",
    "Jacques Couteau": "Any swords: per player with fewer swords, roll 2 of your non-red dice (not a push).",
    "Champion": "Most swords: at your next draw, move any dice from Draw, Active and Discard into Roll.",
    "Crabby": "Most swords: hand one of your dice to a player with the fewest swords (into their Discard).",
    "El Bandito": "Any swords: +1 credit per player with fewer swords than you.",
    # orange, beaver
    "Dugout": "Free roll of 3 dice from your Draw Zone; that roll can't bust.",
    "Reliever Beaver": "You may send 1 die from your Roll Zone back to its tray.",
    "Benchwarmer": "You may send this beaver and 1 other die of yours back to their trays.",
    "Batter Beaver": "Now: free roll of 2 Draw Zone dice. Run (forced): lose a die if you gained a credit this round.",
    "Mr. Bats": "Either +2 money or 1 credit per 2 fans you have (round down).",
    "The Babe": "symbol: +5 money; power: +5 money and +1 movement, then the beaver is lost.",
    "Pinch Eater": "Move 1 die from your Roll Zone to Active, turned to any face you like.",
    # yellow, cheese
    "Reckless Cheese": "After each push that doesn't bust, step 1 space per active cheese (no rewards).",
    "The Big Cheese": "Either +1 movement or 1 movement per 2 fans you have (round down).",
    "Ledercheesen": "symbol: add 1 Draw Zone die to the roll after each safe push; power: Run +1 movement per 4 active dice.",
    "Stinky Cheese": "symbol: +2 movement; power: also, next round your gray dice don't count toward the draw amount.",
    "Bad Cheese": "symbol: +2 movement; power: +2 movement and +3 money, then the cheese is lost.",
    "The Cheese Stands Alone": "Now: you are forced to push once more. Run: +3 movement.",
    "Cheese Boy": "+2 movement with a brown die active; with an orange die active, you may lose 1 Roll Zone die.",
    # green, rock
    "Rock On": "Before each push, this rock goes back to Roll and is rolled again.",
    "Piña Cubelada": "Spend a rock: your next push can't bust.",
    "Keep On Rollin'": "If you would bust, lose this rock instead; then push again or stop.",
    "Pineapple Rocks": "symbol: re-roll this rock on each push; power: also send 1 more Active die back to Roll.",
    "Up to 11": "Re-roll this rock on each push. Run, with a power rock: +1 movement per 2 active dice (11 max).",
    "Rolling Stoned": "When a push would bust, roll all your gray dice: any hit saves you (another rock may retry).",
    "Punk Fruit": "On a bust, green and gray dice stay Active. Run: one roll of up to 9 Draw/Roll dice, all colours differ.",
    # blue, llama
    "Bob": "After moving: claim the reward of a space 1 or 2 away (not the one you stand on).",
    "Undercover Fish": "+2 movement that can enter water.",
    "Llama-Rama": "symbol: +3 money; power: +3 money and 1 fan-track step (draw tokens only).",
    "Bahama Llama": "+3 money and +1 movement that can enter water.",
    "Llama Shaman": "+2 money and a free red die into your Discard (if any are left).",
    "Stogie": "Roll all your gray and white dice in Draw and Roll; hits go Active (not a push).",
    "Chilly McChillster": "Roll every die in your Roll Zone, keep the hits, then do it once more (not a push).",
    # purple, dinosaur
    "Rollosaurus": "+4 movement.",
    "Dancing Dino": "+2 movement; +2 more with a red die active; +1 more with an orange die active.",
    "Cubasaurus": "Now: put any tray die in Active free, on a face you pick (lost at round end). Run: lose this dino.",
    "Wikiwiki Dinosaur": "+1 movement per different colour among your active dice (both grays count as one).",
    "You Bet Jurassican": "+2 movement; +2 more with a brown die active; +1 more with a yellow die active.",
    "Shimmy Shimmy Dino": "+1 movement per active white, light gray or dark gray die.",
    "Pronto Bronto": "Movement = red lines left to the end of this lap or track, halved and rounded down.",
}

TIMING_WORDS: dict[str, str] = {
    "now": "use it right when it is rolled",
    "active": "works during the Roll phase while the die is active",
    "run": "use it in the Run phase",
    "now+run": "one part when rolled, the other in the Run phase",
    "active+run": "one part during the Roll phase, the other in the Run phase",
}
